"""A search box holding a query beside a line counting what it found is that search's results,
however its rows are drawn (issue 31, note 209; the forty-third held-out set's misses):

- an admin site's product change list after a search for "coffee": the box holds the query,
  "4 results (15 total)" stands under it, the rows are a table of records with checkboxes
  and filters beside (djadmin-02, read as a list);
- a data browser's table filtered by a full-text search: "2 rows where search matches
  "herb"" over the table, the box holding "herb", column filters beside (datasette-03, read
  as a form).

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from axsnap_host.semantic.classify import Features, classify


def _change_list(**changes: Any) -> Features:
    said = ("select product to change \n log out \n 4 results (15 total) \n search \n action: \n"
            " go \n by category \n 0 of 4 selected \n name sku category supplier price in stock"
            " added \n kit-003 \n kitchenware \n 39.00 \n cof-004 \n coffee \n 5.75 \n 4 products"
            " \n filter \n show counts \n by category all tea coffee kitchenware snacks")
    page = Features(search_inputs=1, queries=1, checkboxes=6, selects=1, buttons=7, links=41,
                    action_rows=9, column_heads=7, forms=1, list_items=1, linked_items=1,
                    text_chars=173, tables=3, rows=11, row_checkboxes=5, sidebar=True,
                    page_screens=1.13, title="select product to change",
                    own_heading="select product to change", lead_links=1, said=said, text=said)
    return replace(page, **changes)


def _filtered_table(**changes: Any) -> Features:
    said = ('garden: plants: 2 rows where search matches "herb" \n home \n garden \n search: \n'
            " plants \n = != contains ends with starts with \n apply \n json \n csv \n id \n"
            " common_name \n latin_name \n 2 rows where search matches \"herb\" \n rosemary \n"
            " common sage")
    page = Features(text_inputs=1, search_inputs=1, queries=1, checkboxes=2, selects=2,
                    buttons=2, links=23, action_rows=3, column_heads=8, forms=2,
                    text_chars=347, tables=1, rows=3, page_screens=1.0,
                    title='garden: plants: 2 rows where search matches "herb"',
                    own_heading="plants", said=said, text=said)
    return replace(page, **changes)


def test_a_table_of_records_a_query_found_is_search_results() -> None:
    kind, _, signals = classify(_change_list())
    assert kind == "search_results", signals[:4]
    kind, _, signals = classify(_filtered_table())
    assert kind == "search_results", signals[:4]


def test_without_the_query_the_table_stays_a_list() -> None:
    # the box empty: "15 results" counts the table's own rows, no search's
    kind, _, signals = classify(_change_list(queries=0))
    assert kind == "list", signals[:4]


def test_a_count_that_is_no_line_of_its_own_is_no_search_count() -> None:
    # a count inside a line ("welcome, 4 results") counts nothing the box found (the box's
    # query over the table still makes the rows what it found: note 265)
    said = _change_list().text.replace("4 results (15 total)", "welcome, 4 results")
    _, _, signals = classify(_change_list(text=said, said=said))
    assert not [s for s in signals if "a line counting what it found" in str(s["signal"])], \
        signals[:4]


def _shop_search(**changes: Any) -> Features:
    """A shop's search for "coffee" (oscar-03 of the forty-fourth set, read as a list): three
    products with their prices and "Add to basket" under the heading "Products matching
    "coffee"", the header's search box empty."""
    said = ('"coffee" - kettle & leaf - \n account \n view basket \n search \n sort by \n hand'
            ' coffee grinder \n add to basket \n cold brew coffee bags, 4 pack \n add to basket'
            ' \n £39.00 \n products matching "coffee" \n filter \n products')
    page = Features(search_inputs=1, checkboxes=2, selects=1, buttons=5, links=10, forms=1,
                    to_cart=3, buyable_rows=3, list_items=3, text_chars=287, result_blocks=3,
                    articles=3, prices=4, sidebar=True, page_screens=1.26,
                    title='"coffee" - kettle & leaf -',
                    own_heading='products matching "coffee"', said=said, text=said)
    return replace(page, **changes)


def test_products_its_heading_says_match_a_query_are_search_results() -> None:
    kind, _, signals = classify(_shop_search())
    assert kind == "search_results", signals[:4]


def test_the_same_products_under_a_plain_heading_are_a_catalogue() -> None:
    kind, _, signals = classify(_shop_search(own_heading="coffee products"))
    assert kind == "list", signals[:4]
    # "matching" with no quoted query ("Matching sets") names no search
    kind, _, signals = classify(_shop_search(own_heading="matching tea sets"))
    assert kind == "list", signals[:4]
