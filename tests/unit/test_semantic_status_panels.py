"""A dashboard's panels read from its tables (issue 31, design note 267): rows of a label and
its figure are a console's status; short tables under a dashboard's title are its panels."""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.status_panels import PANELS_SIGNAL, STATUS_SIGNAL


def _read(f: Features) -> tuple[str, set[str]]:
    kind, _, signals = classify(f)
    return kind, {str(s["signal"]) for s in signals}


def test_rows_of_a_label_and_its_figure_are_a_consoles_status() -> None:
    # Syncthing's overview: its device's status (five rows of a label and a figure) beside
    # its folders' and devices' rows with their buttons: no list of records.
    overview = Features(buttons=13, links=15, div_rows=8, action_rows=5, column_heads=1,
                        tables=10, rows=41, table_rows_max=7, stat_rows=5, page_screens=1.0,
                        title="quay store server - syncthing")
    kind, fired = _read(overview)
    assert STATUS_SIGNAL in fired and kind == "dashboard"
    # the same page with three rows of figures only: its rows read as a list, as before
    kind, fired = _read(replace(overview, stat_rows=3))
    assert STATUS_SIGNAL not in fired and kind == "list"


def test_status_rows_beside_fields_or_long_text_are_no_dashboards() -> None:
    # a settings dialog over the overview asks three fields: the rows are its device's state
    assert STATUS_SIGNAL not in _read(Features(stat_rows=5, text_inputs=2, selects=1))[1]
    # an article's fact box (a country's population, its area) beside long text
    assert STATUS_SIGNAL not in _read(Features(stat_rows=9, long_blocks=12))[1]


def test_short_tables_under_a_dashboards_title_are_its_panels() -> None:
    # django-helpdesk's dashboard: three tables of tickets, none over three rows, under a
    # search box: its panels, no table of records under a filter.
    helpdesk = Features(search_inputs=1, checkboxes=3, buttons=4, links=27, action_rows=7,
                        column_heads=5, tables=3, rows=7, table_rows_max=3, sidebar=True,
                        title="helpdesk dashboard")
    kind, fired = _read(helpdesk)
    assert PANELS_SIGNAL in fired and kind == "dashboard"
    # a template's page of table styles names its tables in its title
    assert PANELS_SIGNAL not in _read(replace(helpdesk,
                                                 title="app dashboard - tables basic"))[1]
    # one long table among small ones is a list of records
    assert PANELS_SIGNAL not in _read(Features(tables=3, rows=136, table_rows_max=59,
                                               title="ela - dashboard"))[1]
    # no tally said (-1) or no table shown (0): nothing is read of the tables
    assert PANELS_SIGNAL not in _read(Features(tables=3, rows=7, title="dashboard"))[1]
    assert PANELS_SIGNAL not in _read(Features(tables=3, rows=7, table_rows_max=0,
                                               title="dashboard"))[1]

