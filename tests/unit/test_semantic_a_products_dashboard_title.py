"""A title's "dashboard" that is a product's name (issue 31, design note 296): rq-dashboard's
Queues page, titled "RQ Dashboard" over its own heading "Queues" and a table of queues, no
chart, read as a dashboard (the sixty-eighth held-out set's rqd-01). The heading names what
the page shows; the title's word counts half, as a template's name over saved values does.
A dashboard's title over charts, or over a heading that names a dashboard, keeps its weight.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify


def _queues(**changes: object) -> Features:
    said = ("rq dashboard \n queues \n jobs \n workers \n autorefresh \n queue \n queued jobs \n"
            " failed jobs \n catalogue \n photos \n reminders \n reports")
    page = Features(checkboxes=1, selects=1, links=33, action_rows=4, column_heads=8,
                    switches=1, paragraphs=1, text_chars=201, tables=1, rows=5,
                    table_rows_max=5, figure_rows=4, figure_tables=1, page_screens=1.0,
                    title="rq dashboard", own_heading="queues", lead_links=3,
                    said=said, text=said)
    return replace(page, **changes)


def _title_weight(f: Features) -> float:
    _, _, signals = classify(f)
    return sum(float(str(s["weight"])) for s in signals if s["signal"] == "title:dashboard")


def test_a_products_dashboard_over_a_heading_naming_its_records_is_their_list() -> None:
    kind, _, signals = classify(_queues())
    assert kind == "list", signals[:4]
    assert _title_weight(_queues()) == _title_weight(_queues(own_heading="overview")) / 2


def test_a_dashboards_title_over_charts_or_its_own_heading_keeps_its_weight() -> None:
    full = _title_weight(_queues(own_heading=""))
    assert full > 0
    assert _title_weight(_queues(charts=2)) == full
    assert _title_weight(_queues(own_heading="dashboard")) == full
