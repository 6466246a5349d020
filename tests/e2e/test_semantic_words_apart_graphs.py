"""What a person reads of boxes side by side, and which pictures and canvases are graphs (issue
31, design note 333), through the extension and the host in Debian Chromium:

- a cart's rows, each product's name and its Remove button written with nothing between them,
  read "Seed potatoes Remove" (not "Seed potatoesRemove"); a heading's inline "[", "edit" and
  "]" stay one word, "[edit]"; a line break is a space;
- a monitor's graphs saved into the page as data: pictures, each in a link opening its file
  ("temp1z.1day.png"), are the page's charts (Monitorix's, set 115);
- a music player's volume, position and buffer bars, thin canvases beside its buttons, are no
  charts (copyparty's, set 116)."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/words_apart_graphs_player.html"


@pytest.mark.parametrize("viewport_only", [True, False])
def test_boxes_side_by_side_are_read_apart_and_an_inline_line_as_written(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
    texts = [s["text"] for s in result.content]
    assert "Seed potatoes Remove" in texts and "Runner beans Remove" in texts, texts
    assert "Water rota[edit]" in texts, texts
    assert "The rota for the summer months. Each plot waters on its day." in texts, texts
    ids = {e["id"]: e for e in result.elements}
    # each Remove is named by its own row's words, the tabs by their neighbours' apart
    removes = {"btn_remove_near_seed_potatoes", "btn_remove_near_runner_beans"}
    assert removes <= set(ids), sorted(ids)
    assert ids["link_plots"]["relations"]["context"] == "members_rota", ids["link_plots"]


def test_graphs_opened_by_their_links_are_charts_and_a_players_bars_are_none(
        browser: Browser, pages_url: str) -> None:
    signals = fired(read(browser, pages_url + PAGE, viewport_only=False))
    assert signals.get("stats:3+ charts") == 0.45, signals
    # the graphs gone, the player's three canvases are left: no chart at all
    browser.run_in_target("document.querySelector('.graphs').remove()")
    signals = fired(read(browser, viewport_only=False))
    assert not any("chart" in name for name in signals), signals
