"""A dashboard read from its figures (issue 31, design note 274): figures in panels of two
kinds (up front, in a chart, in rows), or three tables of figures, are a dashboard's panels."""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.dashboard_panels import SIGNAL, figure_kinds
from axsnap_host.semantic.record_tables import TABLE_SIGNAL


def _read(f: Features) -> tuple[str, set[str]]:
    kind, _, signals = classify(f)
    return kind, {str(s["signal"]) for s in signals}


# Locust's statistics: its top bar's "RPS" "4.3" and "Failures" "8%", a table of thirteen named
# columns over five rows of timings.
LOAD_TEST = Features(buttons=18, links=1, tables=1, rows=6, table_rows_max=6, column_heads=13,
                     figure_rows=5, figure_tables=1, figure_labels=2, title="locust")


def test_figures_up_front_over_a_table_of_figures_are_a_dashboard() -> None:
    assert figure_kinds(LOAD_TEST) == 2
    kind, fired = _read(LOAD_TEST)
    assert SIGNAL in fired and TABLE_SIGNAL not in fired and kind == "dashboard"
    # the table alone is one list of measured things (a web log's report of every host)
    kind, fired = _read(replace(LOAD_TEST, figure_labels=0))
    assert SIGNAL not in fired and TABLE_SIGNAL in fired and kind == "list"
    # a table of records under two figures up front: its rows name things, no figures
    kind, fired = _read(replace(LOAD_TEST, figure_rows=0, figure_tables=0))
    assert SIGNAL not in fired and kind == "list"


def test_a_chart_over_lines_of_a_label_and_its_figure_is_a_dashboard() -> None:
    # Fava's income statement: a chart of the months over two account trees, each line an
    # account and its balance; its top bar's filter fields
    statement = Features(charts=1, widgets=1, list_items=15, div_rows=11, text_inputs=6,
                         buttons=10, links=28, figure_items=11, sidebar=True,
                         title="income statement - harbour association")
    kind, fired = _read(statement)
    assert SIGNAL in fired and kind == "dashboard"
    # the list items alone, no chart: a list
    assert SIGNAL not in _read(replace(statement, charts=0, widgets=0))[1]
    # three lines of figures are no panel's rows
    assert SIGNAL not in _read(replace(statement, figure_items=3))[1]


def test_three_tables_of_figures_are_a_reports_panels() -> None:
    # AWStats' report: its months, days, weekdays and hours, each a table of figures
    report = Features(tables=54, rows=219, table_rows_max=33, column_heads=6, action_rows=36,
                      links=71, figure_rows=132, figure_tables=12,
                      title="statistics for harbour.example (2026-11) - main")
    kind, fired = _read(report)
    assert SIGNAL in fired and kind == "dashboard"
    assert SIGNAL not in _read(replace(report, figure_tables=2))[1]


def test_figures_beside_a_password_a_card_or_long_text_are_no_dashboard() -> None:
    assert SIGNAL not in _read(replace(LOAD_TEST, passwords=1))[1]
    assert SIGNAL not in _read(replace(LOAD_TEST, card_fields=2))[1]
    assert SIGNAL not in _read(replace(LOAD_TEST, long_blocks=3))[1]


def test_a_title_naming_another_kind_of_page_says_what_it_is() -> None:
    # a template's "Simple Tables": four tables of sample figures
    tables = Features(tables=11, rows=60, table_rows_max=17, figure_rows=16, figure_tables=4,
                      links=29, title="admin 3 - simple tables")
    assert SIGNAL not in _read(tables)[1]
    assert SIGNAL in _read(replace(tables, title="admin 3 - traffic"))[1]
    assert SIGNAL in _read(replace(tables, title="admin 3 - dashboard"))[1]
