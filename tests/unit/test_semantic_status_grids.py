"""A console's status grid is a dashboard (issue 31, design note 334).

Xymon's main view (xymon-01: its hosts by their tests, five tables, none naming its columns),
darkstat's graphs page (darkstat-01) and MRTG's index of four graphs (mrtg-01) were read as
lists: their rows hold links, and no rule read the tables as a console's panels. Three small
tables or more (two to six rows each), naming no columns, with nothing asked and few buttons,
are read at a glance: a dashboard. A list's tables name their columns, or carry each row's
actions (Deluge's torrents: 79 buttons), or are one row each (a forum's topics).

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.status_panels import GRID_SIGNAL

_XYMON = ("red - xymon - status @ mon dec 07 06:10:44 2026 \n views \n main view \n"
          " all non-green view \n critical systems \n reports \n event log report \n"
          " cpu \n disk \n http \n info \n memory \n smtp \n trends")
_MRTG = ("kestrel lane allotment society: shed monitoring \n shed-uplink traffic graph \n"
         " greenhouse-temp traffic graph \n water-butts traffic graph \n solar-array traffic"
         " graph \n mrtg \n multi router traffic grapher")

PAGES = {
    "xymon-01": Features(links=86, div_rows=4, action_rows=10, tables=5, rows=18,
                         table_rows_max=6, page_screens=1.0,
                         title="red - xymon - status @ mon dec 07 06:10:44 2026",
                         text=_XYMON, said=_XYMON),
    "mrtg-01": Features(links=11, action_rows=4, tables=3, rows=5, table_rows_max=3,
                        page_screens=1.0, title="kestrel lane allotment society: shed monitoring",
                        own_heading="kestrel lane allotment society: shed monitoring",
                        text=_MRTG, said=_MRTG),
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_small_tables_naming_no_columns_with_nothing_asked_are_a_status_grid(name: str) -> None:
    kind, _, signals = classify(PAGES[name])
    assert kind == "dashboard", (name, signals[:4])
    assert any(s["signal"] == GRID_SIGNAL for s in signals), signals[:4]


@pytest.mark.parametrize("change", [
    {"column_heads": 4},  # a list's table names its columns
    {"buttons": 79},  # each row's actions (Deluge's torrents)
    {"table_rows_max": 1, "rows": 5},  # one row a table (a forum's topics)
    {"table_rows_max": 12},  # one long table
    {"text_inputs": 2},  # something asked
])
def test_tables_of_records_or_a_form_are_no_status_grid(change: dict[str, int]) -> None:
    signals = classify(replace(PAGES["xymon-01"], **change))[2]  # type: ignore[arg-type]
    assert not any(s["signal"] == GRID_SIGNAL for s in signals), (change, signals[:4])
