"""A search of an app's records (issue 31; note 248), a rule a person states for any page: a
test manager's "Kiwi TCMS - Search test runs", eighteen empty filter boxes and selects over a
table naming eleven columns and one run (kiwi-02, read as a form of inputs on both reads) is
the list of runs the filters narrow; a query held, or no search named, says nothing of it.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.record_searches import SEARCH_SIGNAL, searched_records


def _runs(**changes: object) -> Features:
    said = ("kiwi tcms - search test runs \n summary \n test run summary \n plan id \n tag \n"
            " product \n manager \n default tester \n running \n before \n after \n search \n"
            " csv \n excel \n id \n summary \n test plan \n product \n version \n build \n"
            " start date \n stop date \n manager \n default tester \n tags \n"
            " shopping list 2.3.0-rc1 run \n tp-1: shopping list release tests")
    page = Features(text_inputs=18, checkboxes=2, buttons=17, links=8, action_rows=1,
                    column_heads=11, account_fields=2, forms=1, switches=1, text_chars=571,
                    tables=1, rows=2, sidebar=True, page_screens=1.0,
                    title="kiwi tcms - search test runs", said=said,
                    text=said + " \n dashboard \n testing \n admin")
    return replace(page, **changes)


def test_filters_over_a_table_a_search_names_are_a_list() -> None:
    kind, _, signals = classify(_runs())
    assert kind == "list", signals[:4]
    assert SEARCH_SIGNAL in [s["signal"] for s in signals]
    # (kiwi-01: eleven filters over three plans, one of them a name field)
    kind, _, signals = classify(_runs(text_inputs=11, name_fields=1, column_heads=8, rows=4,
                                      action_rows=3, sidebar=False,
                                      title="kiwi tcms - search test plans"))
    assert kind == "list", signals[:4]


def test_a_search_named_in_the_heading_or_in_other_languages() -> None:
    assert searched_records(_runs(title="tracker", own_heading="search issues"))
    for title in ("rechnungen suche - buchhaltung", "recherche de factures | compta",
                  "búsqueda de pedidos - tienda", "tìm kiếm đơn hàng - quản trị",
                  "注文検索 - 管理"):
        assert searched_records(_runs(title=title)), title


def test_a_query_held_no_search_named_or_a_message_say_nothing() -> None:
    assert not searched_records(_runs(queries=1))
    assert not searched_records(_runs(title="kiwi tcms - new test run"))
    assert not searched_records(_runs(textareas=1))
    assert not searched_records(_runs(column_heads=3))
    assert not searched_records(_runs(text_inputs=4))
    assert not searched_records(_runs(charts=1))
