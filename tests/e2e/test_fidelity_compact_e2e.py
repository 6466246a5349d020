"""Compact outline keeps the page's words (issue 17): tests/pages/fidelity/compact_text.html
reproduces MiniWoB task lines that compact used to bend, and the MiniWoB pages themselves
(the ``miniwob`` package's task pages) are checked line by line against the full outline."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from miniwob_tasks import start_task

from axsnap_host.client import Browser

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from page_reads import page_outline_read

from peers.fidelity import changed_lines

pytestmark = pytest.mark.e2e




def text_lines(tree: str) -> list[str]:
    return [json.loads(line.strip()) for line in tree.splitlines()
            if line.strip().startswith('"')]


def test_compact_keeps_every_word_of_the_task_lines(browser: Browser, pages_url: str) -> None:
    full = page_outline_read(browser, pages_url + "fidelity/compact_text.html")
    compact = page_outline_read(browser, None, compact=True)
    said = text_lines(compact.combinedTree)
    # inline markup splits these sentences: one line each, no space added at the seams,
    # the closing punctuation kept, no word cut out for repeating a label or a link
    for sentence in (
        'Enter "Donovan" into the text field and press Submit.',
        'Enter an item that starts with "Bra" and ends with "zil".',
        "Book the cheapest one-way flight from: NNL to: RDG on 10/17/2016.",
        'Use the textbox to enter "Agustina" and press "Search", then find and click '
        "the 2nd search result.",
    ):
        assert sentence in said, (sentence, compact.combinedTree)
    # separate blocks stay separate lines
    for block in ("et viverra tortor", "mus quis elementum", "https://example.com/agustina",
                  "Agustina's home page and her photos."):
        assert block in said, (block, compact.combinedTree)
    assert changed_lines(full.combinedTree, compact.combinedTree) == []



# Task pages whose instruction compact used to bend (issue 17).
MINIWOB_TASKS = ("enter-text", "enter-password", "use-autocomplete", "click-button",
                 "click-link", "book-flight", "search-engine", "email-inbox")


@pytest.mark.parametrize("task", MINIWOB_TASKS)
def test_miniwob_compact_lines_are_the_full_outlines_words(
    browser: Browser, miniwob_url: str, task: str
) -> None:
    start_task(browser, miniwob_url, task)
    full = page_outline_read(browser)
    compact = page_outline_read(browser, None, compact=True)
    assert changed_lines(full.combinedTree, compact.combinedTree) == [], compact.combinedTree
    instruction = browser.run_in_target(
        "return document.getElementById('query').textContent.replace(/\\s+/g, ' ').trim()")
    assert instruction in text_lines(compact.combinedTree), (instruction, compact.combinedTree)
