"""A table naming four columns under a search box holding a query: its rows are what the
search found, no list's items (issue 31, design note 265)."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.search_pages import found_rows

TABLE = "stats:a table's 4+ named columns over 5+ rows with actions"


def test_a_query_over_a_table_of_records_is_a_search_result() -> None:
    found = Features(search_inputs=1, queries=1, column_heads=4, action_rows=6, rows=7,
                     table_rows_max=7, links=20)
    assert found_rows(found)
    kind, _, signals = classify(found)
    assert kind == "search_results", signals[:6]
    assert TABLE not in {s["signal"] for s in signals}
    # an empty box over the same table: a list of records
    listed = Features(search_inputs=1, column_heads=4, action_rows=6, rows=7, table_rows_max=7,
                      links=20)
    assert not found_rows(listed)
    assert classify(listed)[0] == "list"
