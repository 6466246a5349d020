"""A dashboard's panels read from its tables (issue 31, design note 267).

A monitor or an app's overview shows its state as rows of a label and its figure ("Uptime"
"2h 14m", "Download Rate" "0 B/s", "Hosts Down" "3"; the walker's ``stat_rows``). Four such
rows or more, few fields asked beside them and no long text are a dashboard's panels: the
tables and lists around them are its parts, not a list page's records. Beside three fields or
more the page asks something (a settings page showing its device's state); beside long text
the rows are an article's fact box (a country's population and area).

Under a title naming a dashboard and no other kind of page, three tables or more, each short
and none holding most of the rows ("Open tickets", "Your tickets", "Unassigned": three rows
each) are its panels too. A template's page of table styles names its tables in its title;
one long table among small ones is a list of records.

A console's status grid (Xymon's hosts by their tests, darkstat's graphs, MRTG's and
Graphite's panels) is three small tables or more, each of two to six rows and none naming its
columns, with nothing asked and few buttons: read at a glance, not record by record (a list's
table names its columns, or its rows each carry their actions; design note 334).

Figures in panels of two kinds (up front, in a chart, in rows) are a dashboard's panels too
(``dashboard_panels.py``, design note 274), and an admin's index of its records' kinds
(``admin_index.py``, design note 343): fired here with the console's status.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic import admin_index
from axsnap_host.semantic.dashboard_panels import fire_figure_panels
from axsnap_host.semantic.keywords import title_kinds
from axsnap_host.semantic.page_features import Features

# A console's status shows this many rows of a label and its figure.
STATUS_ROWS = 4
STATUS_SIGNAL = "stats:4+ rows of a label and its figure (status panels)"
STATUS_WEIGHT = 0.35
# A dashboard's panels: this many tables, none over this many rows.
PANEL_TABLES = 3
PANEL_ROWS = 10
PANELS_SIGNAL = "stats:3+ short tables under a dashboard's title (its panels)"
PANELS_WEIGHT = 0.2
# A console's status grid: small tables of this many rows, naming no columns, few buttons.
GRID_ROWS = (2, 6)
GRID_BUTTONS = 12
# A console's grid is read at a glance: a line of text at most, no paragraphs of prose (a
# requirements document's need boxes, small tables each between its paragraphs, are no grid).
GRID_PARAGRAPHS = 1
GRID_SIGNAL = "stats:3+ small tables naming no columns, nothing asked (a console's status grid)"
GRID_WEIGHT = 0.35


def status_panels(f: Features) -> bool:
    """Four rows of a label and its figure or more, under three fields asked, no long text."""
    asked = f.text_inputs - f.search_inputs + f.passwords + f.textareas + f.selects
    return f.stat_rows >= STATUS_ROWS and asked < 3 and f.long_blocks < 3


def panel_tables(f: Features) -> bool:
    """Three tables or more under a dashboard's title, none over ten rows nor holding most of
    the page's rows."""
    return (f.tables >= PANEL_TABLES and 0 < f.table_rows_max <= PANEL_ROWS
            and 2 * f.table_rows_max <= f.rows and not f.passwords
            and title_kinds(f.title) == {"dashboard"})


def status_grid(f: Features) -> bool:
    """Three tables or more, the largest of two to six rows, at most one column named, no
    field asked, no long text, a paragraph at most and few buttons."""
    asked = f.text_inputs + f.passwords + f.textareas + f.selects
    least, most = GRID_ROWS
    return (f.tables >= PANEL_TABLES and f.column_heads <= 1
            and least <= f.table_rows_max <= most and not asked and f.long_blocks < 3
            and f.paragraphs <= GRID_PARAGRAPHS and f.buttons <= GRID_BUTTONS)


def fire_status_panels(fire: Callable[[str, str, float, bool], None], f: Features,
                       shop: bool = False) -> bool:
    """Fires the dashboard signals of panels read from tables and figures; whether any fired."""
    status, tables, grid = status_panels(f), panel_tables(f), status_grid(f)
    fire("dashboard", STATUS_SIGNAL, STATUS_WEIGHT, status)
    fire("dashboard", PANELS_SIGNAL, PANELS_WEIGHT, tables)
    fire("dashboard", GRID_SIGNAL, GRID_WEIGHT, grid)
    figures = fire_figure_panels(fire, f, shop)
    admin = admin_index.admin_index(f)
    fire("dashboard", admin_index.SIGNAL, admin_index.WEIGHT, admin)
    return status or tables or grid or figures or admin
