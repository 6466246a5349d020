"""What a corpus page shows a person as served (no scripts run: trim.py took them out).

One script for bench/corpus/shows.py (the check before a page is labelled) and
bench/semantic_corpus.py (which scores a page that shows too little apart): visible characters
(text whose element a person can see: displayed, visible, not transparent) and visible
controls. It reads the page and changes nothing.
"""

from __future__ import annotations

from typing import Any

MIN_CHARS = 50
MIN_CONTROLS = 1

# Counts what the page shows: text under an element checkVisibility() passes (opacity too: a
# page faded in by a script stays at opacity 0), and controls that pass it with a box.
SHOWN = """
const seen = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
const SKIP = ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'];
let chars = 0;
const walker = document.createTreeWalker(document.body || document.documentElement,
                                         NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const words = n.data.trim();
  const parent = n.parentElement;
  if (!words || !parent || SKIP.includes(parent.tagName)) continue;
  if (seen(parent)) chars += words.length;
}
let controls = 0;
const CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, '
  + '[role=button], [role=link]';
for (const el of document.querySelectorAll(CONTROLS)) {
  if (seen(el) && el.getClientRects().length) controls += 1;
}
return {chars, controls};
"""


def shows_too_little(shown: dict[str, Any], min_chars: int = MIN_CHARS,
                     min_controls: int = MIN_CONTROLS) -> bool:
    """Fewer visible characters or controls than a page a person could use shows."""
    return int(shown["chars"]) < min_chars or int(shown["controls"]) < min_controls
