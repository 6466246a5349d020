"""Rules from the twenty-seventh held-out set's misses (issue 31, note 133), each read from what
a person sees on a page of our own, through the extension and the host in Debian Chromium;
each read otherwise on the old main:

- a "Welcome back" card asking a name, an address and one password under a "Sign in" button
  and a "Remember for 14 days" box, a "Don't have an account? Sign up" line below: a sign-in,
  whatever name its template asks besides (a sign-up's slipped "Sign in" button sits under a
  heading saying the sign-up, which still decides);
- a manual's chapter whose title links back to its contents (and a permalink's "¶"): its
  title and opening paragraphs are read first, though a later section holds more prose."""

from __future__ import annotations

import pytest
from semantic_reads import read, signals_of_kind

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

FEW_INPUTS = "form:one password field, few inputs"
SIGN_UP_WORDS = "form:password and sign-up words"
NAME_OR_TERMS = "form:password with a name field or terms"
CHROME = {"navigation", "header", "footer", "dialog"}


def test_a_sign_in_card_asking_a_name_is_a_sign_in(browser: Browser, pages_url: str) -> None:
    # Name, Email Address, Password, "Remember for 14 days", "Sign in", "Sign in with Google";
    # a nav's "Sign Up" link and "Don't have an account? Sign up". The old main read register
    # (the name field beside the sign-up words).
    for signals in signals_of_kind(browser, pages_url, "sign_in_asking_a_name.html", "login"):
        assert FEW_INPUTS in signals
        assert SIGN_UP_WORDS not in signals and NAME_OR_TERMS not in signals


def test_a_sign_up_with_a_slipped_sign_in_button_stays_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # "Create an account" over a name, an address, one password and a "Sign in" button: the
    # heading says what the form is for (read register before this rule too).
    for signals in signals_of_kind(browser, pages_url, "sign_up_heading_sign_in_button.html",
                                   "register"):
        assert FEW_INPUTS not in signals


def test_a_chapter_whose_title_links_back_reads_its_opening_first(
        browser: Browser, pages_url: str) -> None:
    # <h1><a href="#id1">Moorings</a><a href="#moorings">¶</a></h1>, two opening paragraphs and
    # a note, a contents list, a short section, then a section of six long paragraphs; a side
    # navigation and a footer. The old main dropped the title (its words all links) and ranked
    # from the long section's first paragraph, the opening nowhere in the top 50.
    result = read(browser, pages_url + "understanding/manual_chapter_title_links_back.html",
                  viewport_only=False)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    texts = [s["text"] for s in result.content]
    starts = ("Moorings in the harbour book", "In the second edition", "If you are new",
              "A quay is a line of berths", "Each harbour keeps its own book")
    ranks = [next((i for i, t in enumerate(texts) if t.startswith(start)), None)
             for start in starts]
    assert None not in ranks and ranks == sorted(ranks), (ranks, texts)
    assert result.content[0]["tag"] == "h1" and texts[0].startswith("Moorings"), texts
    assert ranks[0] == 1, texts
    chrome = [i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME]
    assert not chrome or max(ranks) < min(chrome), texts
