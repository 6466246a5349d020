"""A search box beside a table naming four columns is no search home (issue 31, design note
262): the table shows records, however few."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

SEARCH_HOME = "form:a search box and little else"


def _fired(f: Features) -> set[str]:
    return {str(s["signal"]) for s in classify(f)[2]}


def test_a_search_box_alone_is_a_search_home_a_table_of_records_beside_it_is_not() -> None:
    assert SEARCH_HOME in _fired(Features(search_inputs=1, links=12))
    assert SEARCH_HOME in _fired(Features(search_inputs=1, links=12, column_heads=3, rows=3))
    records = Features(search_inputs=1, links=19, column_heads=4, rows=3, table_rows_max=3)
    assert SEARCH_HOME not in _fired(records)
    assert classify(records)[0] == "list"
