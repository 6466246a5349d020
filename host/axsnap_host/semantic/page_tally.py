"""The walker's whole-page tally in a page's ``Features``: its counts where they say more than
the records (a window read holds only the first screen's), and the page's own heading."""

from __future__ import annotations

from typing import TYPE_CHECKING

from axsnap_host.semantic.elements import Element

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

_FIELDS = frozenset({"text_input", "password_input", "textarea", "select", "checkbox", "radio"})

TALLIED = ("passwords", "text_inputs", "search_inputs", "textareas", "selects", "checkboxes",
           "radios", "list_items", "linked_items", "long_blocks", "paragraphs", "text_chars",
           "tables", "rows", "table_rows_max", "stat_rows", "figure_rows", "figure_tables",
           "figure_items", "figure_labels", "articles", "result_blocks",
           "row_checkboxes", "div_rows", "long_pre", "long_items", "widgets", "action_rows",
           "charts", "forms",
           "column_heads", "heading_cards", "prose_run", "teaser_heads", "quantity_fields",
           "switches", "check_grid_rows", "removable_rows", "wizard_steps",
           "task_checkboxes", "settings_headings", "wishlist_headings", "figure_tiles",
           "results_for", "results_under_search", "buyable_rows", "locked_fields",
           "newsletter_fields", "address_fields", "prose_sections", "list_cards",
           "post_bylines", "dated_headlines", "titled_items", "described_items",
           "login_forms", "own_dated", "article_posts")


def whole_page(f: Features, tally: dict[str, object]) -> None:
    """The walker's whole-document counts where they say more than the records (a window
    read holds only the first screen's)."""
    for name in TALLIED:
        value = tally.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            setattr(f, name, max(getattr(f, name), int(value)))
    # (the records keep no wrapper <div> whose class calls a list a menu, a header or a footer:
    # the whole-document count, which sees them, is the page's list items when it is complete)
    for name in ("list_items", "linked_items"):
        value = tally.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and not tally.get("partial"):
            setattr(f, name, value)


def own_heading(f: Features, tally: dict[str, object], words: list[str],
                 unlinked: list[str]) -> None:
    """The page's own heading, wherever it is: a person reads it as what the page is, though
    the site's menus push it screens down (note 145)."""
    heading, lead = tally.get("own_heading"), tally.get("lead_links")
    if isinstance(heading, str) and heading:
        f.own_heading = heading.lower()
        words.append(heading)
        unlinked.append(heading)
    if isinstance(lead, int) and not isinstance(lead, bool):
        f.lead_links = lead


def above_heading(el: Element, top: object) -> bool:
    """A field drawn above the page's own heading when a long run of the site's links comes
    before it (the tally's ``own_heading_top``, its page y, sent only then: tally_lead.js): a
    header's sign-in box, search box or newsletter box, the site's, no field of the page's own
    (issue 31, note 150). The tally leaves the same fields out of its counts, so a window read
    and the whole page agree."""
    if el.kind not in _FIELDS or not isinstance(top, (int, float)) or isinstance(top, bool):
        return False
    _, y, _, height = el.node.box
    return round(y + height) <= top
