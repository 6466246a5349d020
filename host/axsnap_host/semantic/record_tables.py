"""A table of records as the page's content: a table naming four columns or more over three
rows or more, and nothing else the page is for (no field of its own, no long text, no chart,
stat tiles or figures): a person sees a list of orders, invoices or files, however few.
Under a title naming a dashboard the table is one of its panels (its charts a script's, drawn
after the read). Figures over a long table of records, no chart beside, count its records.

The site's own boxes beside it ask nothing of the page: its search box, its newsletter box.

An admin's list of one kind of record says so in its title: Django's admin and the skins drawn
over it title a changelist "Select order to change" ("to view" where the person may only read),
its rows' boxes feeding an action select beside its filters (design note 352).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.dashboard_panels import figure_panels
from axsnap_host.semantic.keywords import keyword_hits, title_hits
from axsnap_host.semantic.page_features import Features


def one_table_rows(f: Features) -> int:
    """The rows a person reads as one table's: the most one shown table out of the chrome holds
    (the walker's tally, tally_tables.js), the page's rows when no tally says (design note 258).
    A console's overview spreads its rows over many small tables (Nagios's tactical overview:
    63 rows in 46 tables, none over six; a settings page's status panels beside its fields):
    ten rows in all are no table of ten records there."""
    return f.rows if f.table_rows_max < 0 else f.table_rows_max


TABLE_SIGNAL = "stats:a table of 4+ named columns over 3+ rows, nothing else asked (records)"
TABLE_WEIGHT = 0.45


def record_table(f: Features) -> bool:
    """Four named columns or more over three rows or more (and the heading row), no field
    asked but the site's search and newsletter boxes, no query, no long text, no chart or
    figures, no dashboard's title, no mail's sender and subject heading it (a mailbox)."""
    asked = (f.text_inputs - f.search_named - f.newsletter_fields - f.locked_fields
             + f.passwords + f.textareas + f.selects + f.card_fields)
    return (f.column_heads >= 4 and one_table_rows(f) >= 4 and asked <= 0 and f.queries == 0
            and f.long_blocks < 3 and f.charts == 0 and f.widgets < 3 and f.metrics < 4
            and f.figure_tiles < 3 and f.row_checkboxes < 4 and not f.mail_heads
            and not title_hits("dashboard", f.title))


def counts_records(f: Features) -> bool:
    """A long table of records (four named columns or more over ten rows or more with links or
    buttons) and no chart, under no dashboard's title: figures beside it count its records
    ("Order Placed 2215", "Shipped 924"), a person sees the records, no dashboard's panels.
    Two of a dashboard's words said outside links ("Income Overview", "Analytics": a chart's
    box a script fills) say the figures are its panels' still."""
    return (f.column_heads >= 4 and f.action_rows >= 10 and f.charts == 0
            and not title_hits("dashboard", f.title)
            and len(keyword_hits("dashboard", f.said)) < 2)


CHANGELIST_SIGNAL = "title:Select ... to change (an admin's list of records)"
CHANGELIST_WEIGHT = 0.5
CHANGELIST_TITLE = re.compile(r"select \S.{0,60}? to (?:change|view)\b")


def changelist(f: Features) -> bool:
    """A title opening "Select ... to change" or "... to view" and no query held: an admin's
    records of one kind to pick from (under a query, what the search found)."""
    return f.queries == 0 and CHANGELIST_TITLE.match(f.title) is not None


def fire_record_table(fire: Callable[[str, str, float, bool], None], f: Features,
                      shop: bool = False) -> bool:
    """Fires the list signals of a table of records and of an admin's changelist; whether
    either fired. A table among a dashboard's panels of figures (dashboard_panels.py, note 274)
    is one of its parts."""
    table = record_table(f) and not figure_panels(f, shop)
    fire("list", TABLE_SIGNAL, TABLE_WEIGHT, table)
    listed = changelist(f)
    fire("list", CHANGELIST_SIGNAL, CHANGELIST_WEIGHT, listed)
    return table or listed


# A long table of records: this many rows with links or buttons (a forum's boards or threads,
# each a record a person opens).
LONG_TABLE_ROWS = 40


def long_records(f: Features) -> bool:
    """A long table of records (counts_records) of forty rows or more with links or buttons:
    a person scrolls through its records; a form to send a mail beside them is the site's
    (a "share this page" box at its foot), not a mail being written."""
    return counts_records(f) and f.action_rows >= LONG_TABLE_ROWS


def sections_of_records(f: Features) -> bool:
    """Five linked headings or more over five tables or more of a long table of records
    (long_records), no query: a forum's sections, each its title over its boards' rows
    ("Business", then "Section / Discussions / Posts / Latest post"). The headings title the
    tables, no search's results, whatever search box the masthead holds (a search's results
    laid out in tables are a page of ten)."""
    return long_records(f) and f.queries == 0 and f.result_blocks >= 5 and f.tables >= 5
