"""A search of an app's records (issue 31, note 248): a form of five fields or more, none
holding a query, under a title or heading naming a search ("Search test plans", "Suche
Rechnungen"), over a table naming four columns or more, no chart. A person sees the records
the app keeps, shown in the table, and the boxes above it that narrow them: the fields are the
table's filters, left empty until the person narrows it, no form the page asks to be filled,
and the page is a list of those records, however few rows the first screen shows.

A query held in a box (a search made: "rows where search matches "herb"") shows what it found,
search results, as the search rules say; a box to write in, a password, a card, a recipient
say the page is a form of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.keywords import SEARCH_TITLE
from axsnap_host.semantic.page_features import Features

SEARCH_SIGNAL = ("stats:a table's 4+ named columns under the filters of a search its title "
                 "names, no query (records)")
SEARCH_WEIGHT = 0.45
_FILTERS = 5


def searched_records(f: Features) -> bool:
    """Five fields or more (text boxes, search boxes, selects), none holding a query and none
    to write in, under a title or the page's own heading naming a search, over a table of four
    named columns or more, no chart, stat tiles, password, card or recipient."""
    filters = f.text_inputs + f.search_inputs + f.selects
    return (filters >= _FILTERS and f.queries == 0 and f.column_heads >= 4 and f.tables >= 1
            and not f.textareas and not f.passwords and not f.card_fields and not f.to_subject
            and not f.recipients and f.charts == 0 and f.widgets < 3
            and bool(SEARCH_TITLE.search(f.title) or SEARCH_TITLE.search(f.own_heading)))


def fire_searched_records(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the list signal of a search of records; whether the page is one (its fields are
    the table's filters then, no form of its own)."""
    searched = searched_records(f)
    fire("list", SEARCH_SIGNAL, SEARCH_WEIGHT, searched)
    return searched
