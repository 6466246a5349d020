"""A board index's rows are no prose in bullets (issue 31; note 192), a rule a person states for
any page: on a page of almost no paragraphs, list items of which fewer than half run long are
entries (a forum's linked name over a line describing it, beside its counts and last post),
not an essay written in bullets; an essay in bullets writes most of its bullets long.

The page is the phpBB 3 forum index in Russian (saurus-192, read as ``unknown`` on the first
screen and ``article`` on the whole page), its numbers the host's own whole-page read
(bench/semantic_pooled.py dump), its text cut to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

BULLETS = "stats:3+ long list items (prose in bullets)"


def _board(**changes: object) -> Features:
    said = ("форум бгуир - главная страница \n список форумов \n для абитуриентов \n"
            " для студентов \n барахолка \n вакансии \n вход \n запомнить меня")
    page = Features(passwords=1, text_inputs=2, filled=1, checkboxes=1, buttons=2, links=91,
                    div_rows=4, long_items=11, prose_run=1, prose_sections=1, account_fields=1,
                    forms=2, list_items=30, linked_items=1, long_blocks=1, paragraphs=1,
                    text_chars=5853, result_blocks=1, page_screens=5.27, login_forms=1,
                    login_depth=4.78, title="форум бгуир - главная страница", said=said,
                    text=said)
    return replace(page, **changes)


def test_a_board_index_whose_rows_run_long_is_a_list() -> None:
    kind, _, signals = classify(_board())
    assert kind == "list", signals[:4]
    assert BULLETS not in [s["signal"] for s in signals]


def test_prose_in_bullets_writes_most_bullets_long() -> None:
    # the same page with more than half of its items long: an essay in bullets still
    _, _, signals = classify(_board(long_items=16))
    assert BULLETS in [s["signal"] for s in signals]
    # beside paragraphs of its own, long items are prose whatever their share
    _, _, signals = classify(_board(paragraphs=4))
    assert BULLETS in [s["signal"] for s in signals]
