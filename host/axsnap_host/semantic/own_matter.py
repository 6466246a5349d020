"""The page's own heading (note 145): the first ``<h1>`` a person sees with words of its own,
out of links and the page's bars (the walker's tally, ``tally_lead.js``), wherever it is.

On a page with no landmarks and no stylesheet the site's menus fill screens above it; a person
still reads the heading as what the page is, and what follows it as the page's own matter:

- the heading names the page's type as a title does ("Sign In", "Password Reset", "Warenkorb"
  under a title that names only the site), one signal per type shared with the title's;
- a heading naming a cart, with no grid of products beside it: the cart, empty or not, whose
  paragraphs are the shop's terms (shipping costs, the contracting party), no article;
- a heading naming a sign-in, a sign-up or a cart over forms of several purposes: the page is
  that one, the others beside it (an order lookup, a newsletter box), no page of forms;
- a heading naming a contact form over a message box: the address asked is the sender's, no
  delivery's;
- a heading naming what matches a quoted query ("Products matching "coffee""): a search's
  results, its other words ("products") no list's title.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.keywords import TITLE_WORDS, keyword_hits, title_hits
from axsnap_host.semantic.page_features import Features

CART_HEADING_SIGNAL = "form:the page's own heading names a cart (a cart, empty or not)"
CART_HEADING_WEIGHT = 0.5
# The purposes a heading names for a whole page of forms.
_PURPOSES = ("checkout", "register", "login")

_CONTACT = frozenset({"contact us", "联系我们", "liên hệ", "contacto", "kontakt", "contactez",
                      "お問い合わせ"})


# "... matching "coffee"", "... matches «herb»": what a search for the quoted words found.
_MATCHING = re.compile(r"(?<![\w])match(?:ing|es)\s+[\"“'«‘„]")


def names_matches(f: Features) -> bool:
    """The page's own heading names what matches a quoted query (a search's results)."""
    return bool(_MATCHING.search(f.own_heading))


def heading_names(kind: str, f: Features) -> list[str]:
    """The words of ``kind`` the page's own heading says (none of another type's in a heading
    naming a search's matches)."""
    if not f.own_heading or (kind != "search_results" and names_matches(f)):
        return []
    return title_hits(kind, f.own_heading)


def dashboard_named_only(f: Features, saved: bool) -> bool:
    """A title's "dashboard" that names no dashboard: no chart, stat tiles or figures, and a
    form of saved values (the template's name, "Acme Dashboard Lite") or an own heading naming
    another thing (the product's name, "RQ Dashboard" over "Queues": design note 296)."""
    return ((saved or bool(f.own_heading and not heading_names("dashboard", f)))
            and f.charts == 0 and f.widgets < 3 and f.metrics < 4)


def names_a_purpose(f: Features) -> bool:
    """The heading names one form's purpose: a sign-in, a sign-up, a cart or a checkout."""
    return any(heading_names(kind, f) for kind in _PURPOSES)


def cart_heading(f: Features) -> bool:
    """A heading naming a cart ("Your Basket", "Warenkorb"), no grid of products to add."""
    said = set(heading_names("checkout", f)) & set(TITLE_WORDS["checkout"])
    return bool(said) and f.to_cart < 3 and f.wishlist_headings == 0


def contact_heading(f: Features) -> bool:
    """A heading naming a contact form ("Contact Us") over a box to write a message in."""
    return f.textareas >= 1 and bool(_CONTACT & set(keyword_hits("form", f.own_heading)))


def fire_cart_heading(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the cart signal of a heading naming a cart; whether it fired."""
    cart = cart_heading(f)
    fire("checkout", CART_HEADING_SIGNAL, CART_HEADING_WEIGHT, cart)
    return cart
