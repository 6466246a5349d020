"""A short document (issue 31, design note 269).

A page of text with few controls and no field is a document a person reads, however short:
a server's welcome page saying how to use it ("To use this server with pip, run ..."), a
README, a man page. Its paragraphs are too short for the prose signals (a paragraph counts
from 100 characters, a long block from 200) and its links too few for the learnt model, so it
was `unknown`. Three hundred characters or more of text in paragraphs, list items or
preformatted blocks, fewer than five links and buttons and no field to fill make it an article.

Where no rule decides at all (no type scores 0.4), prose of the page's own is read before the
learned model is asked: two paragraphs or more and 600 characters make a document (a docs
site's README or overview beside its menu and search box, design note 337).
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

# A short document holds this much text and fewer links and buttons than this.
DOCUMENT_CHARS = 300
FEW_CONTROLS = 5
SIGNAL = "stats:300+ characters of text, few links and no field (a short document)"
WEIGHT = 0.45
# Where no rule decides, paragraphs of the page's own make it a document (note 337).
UNDECIDED_PARAGRAPHS = 2
UNDECIDED_CHARS = 600
UNDECIDED_WEIGHT = 0.4  # (said as the least a rule decides with: classify.UNKNOWN_BELOW)
UNDECIDED_SIGNAL = "stats:2+ paragraphs of 600+ characters where no rule decided (a document)"


def short_document(f: Features) -> bool:
    """Text of its own, fewer than five links and buttons, no field of any kind."""
    fields = (f.text_inputs + f.passwords + f.textareas + f.selects + f.checkboxes + f.radios
              + f.switches)
    return f.text_chars >= DOCUMENT_CHARS and f.links + f.buttons < FEW_CONTROLS and fields == 0


def fire_short_document(fire: Callable[[str, str, float, bool], None], f: Features) -> None:
    """Fires the article signal of a short document."""
    fire("article", SIGNAL, WEIGHT, short_document(f))


def prose_undecided(f: Features, signals: list[dict[str, object]]) -> bool:
    """Where no rule decided: two paragraphs or more and 600 characters of text make the page
    a document a person reads (a README under a docs site's menu, a project's overview), before
    the learned model is asked; the signal is added to ``signals`` when so."""
    if f.paragraphs < UNDECIDED_PARAGRAPHS or f.text_chars < UNDECIDED_CHARS:
        return False
    signals.append({"type": "article", "signal": UNDECIDED_SIGNAL, "weight": UNDECIDED_WEIGHT})
    return True
