"""Options drawn as buttons, a row of them under each question, are named by their question,
not numbered (issue 31: ids from labels or context, no counters; design note 322), through the
extension and the host in Debian Chromium, on a map's options panel
(tests/pages/understanding/map_options_radio_rows.html, after uMap's, the one-hundred-second
held-out set): nine rows of the radios "always", "never" and "hidden", each radio hidden and
its `<label for>` drawn as a button, under a question ("Display the zoom control") whose label
points at no control. A control's row was read from its parent's words, and the parent of each
option held the three options alone: every row's "always" was near "never hidden", the nine
rows read alike and the ids were numbered (`radio_always_near_neverhidden_in_form_2`: 31
counters on umap-02)."""

from __future__ import annotations

import re

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/map_options_radio_rows.html"
QUESTIONS = ("zoom", "search", "fullscreen", "embed", "locate", "measure", "print", "caption",
             "tile")


@pytest.mark.parametrize("viewport_only", [True, False])
def test_each_option_is_named_by_its_question(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
    radios = [e for e in result.elements if e["type"] == "radio"]
    ids = [str(e["id"]) for e in radios]
    assert len(set(ids)) == len(ids), ids
    rows = [ids[k:k + 3] for k in range(0, 27, 3) if len(ids) >= k + 3]
    # (a window read holds the rows on its screen, the whole page all nine)
    assert len(rows) >= 5 and (viewport_only or len(rows) == 9), ids
    for three, question in zip(rows, QUESTIONS, strict=False):
        for id_, option in zip(three, ("always", "never", "hidden"), strict=True):
            assert id_.startswith(f"radio_{option}_"), three
            assert question in id_, three
            assert not re.search(r"_\d+$", id_), three
            # no option is named by its sibling options' labels
            assert not any(word in id_.removeprefix(f"radio_{option}_")
                           for word in ("always", "never", "hidden")), three
    if not viewport_only:
        assert ids[27:] == ["radio_kilometres", "radio_miles"], ids
    # the checked option of each row still reads as checked
    checked = [str(e["id"]) for e in radios if (e.get("state") or {}).get("checked")]
    assert checked[:3] == ["radio_always_near_display_the_zoom",
                           "radio_never_near_display_the_search",
                           "radio_hidden_near_display_the_fullscreen"], checked
