"""A short document (issue 31, design note 269): text of its own, few links, no field."""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.short_documents import SIGNAL


def _read(f: Features) -> tuple[str, set[str]]:
    kind, _, signals = classify(f)
    return kind, {str(s["signal"]) for s in signals}


def test_a_page_of_short_paragraphs_and_three_links_is_an_article() -> None:
    # pypiserver's welcome page: 471 characters in short paragraphs, three links
    welcome = Features(links=3, div_rows=7, text_chars=471, page_screens=1.0,
                       title="welcome to pypiserver!")
    assert _read(welcome) == ("article", {SIGNAL})
    # too little text, five links and buttons, or a field to fill: no short document
    assert SIGNAL not in _read(replace(welcome, text_chars=250))[1]
    assert SIGNAL not in _read(replace(welcome, buttons=2))[1]
    for field in ("text_inputs", "passwords", "textareas", "selects", "checkboxes", "radios",
                  "switches"):
        assert SIGNAL not in _read(replace(welcome, **{field: 1}))[1], field
