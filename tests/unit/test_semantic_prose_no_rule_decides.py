"""Prose of the page's own where no rule decides (issue 31, design note 337): Compodoc's README
page and dbt docs' overview (the one-hundred-twenty-second and -third held-out sets), a docs
site's menu and search box beside a heading over two or three paragraphs, were typed by the
learned model as a form and a dashboard. Two paragraphs and 600 characters make such a page a
document before the model is asked. The numbers are the host's own reads
(bench/semantic_pooled.py dump), their text cut to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

PROSE = "stats:2+ paragraphs of 600+ characters where no rule decided (a document)"


def _readme(**changes: object) -> Features:
    said = "gull rock ringing desk \n type to search \n injectables \n interfaces \n ringing desk"
    page = Features(text_inputs=1, search_inputs=1, checkboxes=1, buttons=4, links=10,
                    prose_run=1, prose_sections=1, switches=1, long_blocks=1, paragraphs=3,
                    text_chars=903, sidebar=True, title="gull rock ringing desk",
                    own_heading="ringing desk", said=said, text=said)
    return replace(page, **changes)


def test_paragraphs_no_rule_reads_make_a_document() -> None:
    kind, _, signals = classify(_readme())
    assert kind == "article", signals[:4]
    assert PROSE in {s["signal"] for s in signals}
    overview = _readme(checkboxes=3, buttons=2, links=2, paragraphs=2, text_chars=788,
                       search_inputs=0, search_named=1, switches=0, long_items=2)
    assert classify(overview)[0] == "article"


def test_less_prose_leaves_the_page_to_the_model() -> None:
    for short in (_readme(paragraphs=1), _readme(text_chars=500)):
        kind, _, signals = classify(short)
        assert PROSE not in {s["signal"] for s in signals}
        assert any(s["signal"] == "learned:no rule decided" for s in signals), (kind, signals)


def test_a_rule_that_decides_keeps_its_type() -> None:
    # Twelve table rows of a list beside the same paragraphs: the list rule decides.
    kind, _, signals = classify(_readme(tables=1, rows=12, table_rows_max=12, column_heads=4,
                                        action_rows=12, links=30))
    assert kind == "list", signals[:4]
    assert PROSE not in {s["signal"] for s in signals}
