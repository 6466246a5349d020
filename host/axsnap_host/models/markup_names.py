"""The markup attributes that name an element to the page's authors, one rule for the walker
and the host.

Twins alike in everything a person reads are told apart by the words of their own markup name
before anything numbers them: the walker over the whole page (``extension/lib/walker/src/
twin_own.js``, design note 278) and the read over the twins the walker never parted
(``semantic/read_twins.py``, design note 281). Both look at these attributes, in this order;
the list reaches the walker through ``extension/lib/walker/src/generated_contract.js``
(``native/contract.py``).
"""

from __future__ import annotations

OWN_NAME_ATTRS = ("id", "data-testid", "data-test", "data-cy", "data-test-id", "name")

# A wordless control's class names what its icon shows (Substack's "restack-image" and
# "view-image" buttons over each picture, a quantity's "minus" and "plus", a pager's "p_prev"
# and "p_next", ThemeKit's "ik ik-search"): twins alike in all else that show no words are told
# apart by it before a number (the walker's twin_own.js lookPlaces, the read's read_twins.py
# look_tokens; design note 300). These words of a class token say how a control is laid out or
# drawn (or which icon font draws it), not what it shows: they never name a twin.
CLASS_LOOK_WORDS = (
    "solid", "regular", "brands", "light", "thin", "duotone", "sharp", "outlined", "outline",
    "round", "rounded", "filled", "fill", "line", "lg", "xs", "sm", "md", "xl", "xxl", "fw",
    "spin", "pulse", "border", "inverse", "stack", "flip", "inline", "svg", "shape", "wrapper",
    "container", "box", "wrap", "holder", "only", "btn", "button", "item", "primary",
    "secondary", "default", "plain", "flat", "ghost", "white", "muted", "size", "small", "large",
    "big", "medium", "icon", "icons", "ico", "js", "el", "col", "row", "flex", "mr", "ml", "mt",
    "mb", "mx", "my", "pr", "pl", "pt", "pb", "px", "py", "text", "bg", "float", "pull",
    "clearfix", "align", "justify", "self", "block", "auto", "full", "relative", "absolute",
    "fixed", "ui", "component", "control", "nav",
    # (an icon font's own name says which font draws it, not what: "mdi mdi-menu", "ti-menu")
    "fa", "fas", "far", "fal", "fad", "fab", "bi", "glyphicon", "ion", "ionicons", "mdi", "ti",
    "tabler", "la", "las", "lar", "lab", "bx", "bxs", "bxl", "feather", "fe", "lucide", "ri",
    "uil", "zmdi", "typcn", "lni", "ph", "octicon", "iconoir", "flaticon", "icofont", "cil",
    "cib", "gg", "oi", "wi", "isax", "heroicon", "material")
# A class token all of whose words are these says a state the control is in, or where it sits
# among its like ("active", "is-open", "first"), which changes with the page: it names nothing.
CLASS_STATE_WORDS = (
    "active", "inactive", "selected", "current", "open", "opened", "closed", "collapsed",
    "collapse", "expanded", "disabled", "enabled", "focus", "focused", "hover", "in", "fade",
    "checked", "unchecked", "on", "off", "is", "has", "loading", "loaded", "new", "read",
    "unread", "voted", "first", "last", "odd", "even", "blank", "empty")
# Nor does a token with one of these, which says on which screens it shows ("hidden-md-up").
CLASS_SHOWN_WORDS = ("show", "shown", "hide", "hidden", "visible", "invisible")
