"""Rows counted as one table's (issue 31, design note 258): ten rows spread over a console's
small tables are no list of ten; a read with no tally counts the page's rows."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.record_tables import TABLE_SIGNAL, one_table_rows

TEN_ROWS = "stats:10+ table rows"


def _fired(f: Features) -> set[str]:
    return {str(s["signal"]) for s in classify(f)[2]}


def test_ten_rows_count_as_a_list_only_in_one_table() -> None:
    # Nagios's tactical overview: 63 rows over 46 layout tables, none over six.
    spread = Features(tables=46, rows=63, table_rows_max=6)
    assert one_table_rows(spread) == 6
    assert TEN_ROWS not in _fired(spread)
    assert TEN_ROWS in _fired(Features(tables=1, rows=12, table_rows_max=12))
    # tables none of which is shown (a tab not open): none of their rows is read
    assert TEN_ROWS not in _fired(Features(tables=4, rows=23, table_rows_max=0))


def test_a_read_the_tally_said_nothing_of_counts_the_pages_rows() -> None:
    assert Features().table_rows_max == -1
    assert one_table_rows(Features(tables=3, rows=12)) == 12
    assert TEN_ROWS in _fired(Features(tables=3, rows=12))


def test_a_table_of_records_is_four_columns_over_rows_of_one_table() -> None:
    # Four named columns over two tables of two rows each (a heading row and one record): no
    # table of records; one table of four rows is one.
    assert TABLE_SIGNAL not in _fired(Features(column_heads=4, tables=2, rows=4, table_rows_max=2))
    assert TABLE_SIGNAL in _fired(Features(column_heads=4, tables=1, rows=4, table_rows_max=4))
