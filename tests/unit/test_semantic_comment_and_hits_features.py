"""A comment being written is no saved setting, and a search's hits need no box beside them
(issue 31, design note 362), read on the features real corpus pages gave
(tests/fixtures/semantic_features_362.jsonl: the extension's reads of bench/corpus pages through
bench/semantic_pooled.py dump, after the two-hundred-second held-out set was spent):
django-threadedcomments' and django-comments-xtd's reply forms filled in, django-watson's bare
results page and a site's search page holding its query, and the settings pages whose "About
Me" box the rule leaves alone."""

from __future__ import annotations

from dumped_features import dumped, signals

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.control_words import MESSAGE_BOX
from axsnap_host.semantic.message_forms import MESSAGE_SIGNAL

SAVED = "form:3+ fields holding saved values"
HITS = "form:items each a linked title over its excerpt, on a search's page"


def _page(name: str, read: str = "first") -> Features:
    return dumped("semantic_features_362.jsonl", name, read)


def test_a_reply_written_under_the_writers_name_is_a_form() -> None:
    # "Reply to Hester Calloway": Name, Email address, Title filled, Comment written, Post
    # (old: settings, its three filled fields read as the account's saved values).
    for read in ("first", "whole"):
        f = _page("thcomments-02", read)
        assert f.filled >= 3 and f.message_boxes == 1
        assert classify(f)[0] == "form"
        assert SAVED not in signals(f) and MESSAGE_SIGNAL in signals(f)


def test_a_comment_forms_reply_page_is_a_form() -> None:
    # django-comments-xtd's reply page, its form filled by a visitor (old: settings).
    f = _page("commentsxtd-02")
    assert classify(f)[0] == "form" and SAVED not in signals(f)


def test_a_profiles_about_me_box_is_no_message() -> None:
    # Settings pages whose filled fields sit beside an "About Me" box stay settings.
    for name in ("paperdash-03", "lbd-02"):
        f = _page(name)
        assert f.textareas >= 1 and f.message_boxes == 0
        assert classify(f)[0] == "settings" and SAVED in signals(f)


def test_a_message_boxs_first_words_ask_for_a_message() -> None:
    asks = ["Comment:", "Your message", "Leave a comment", "Write your review", "Reply",
            "Feedback", "Questions?", "Nachricht", "留言"]
    asks_not = ["About Me", "Bio", "Auto-reply message", "Signature", "Description",
                "Address", "Notes for the courier"]
    assert [w for w in asks if not MESSAGE_BOX.search(w)] == []
    assert [w for w in asks_not if MESSAGE_BOX.search(w)] == []


def test_hits_under_a_title_naming_a_search_are_its_results() -> None:
    # django-watson's own page: "Search results for “sauna”", eight items each a linked title
    # over its excerpt, no search box (old: article, from the excerpts' prose).
    for read in ("first", "whole"):
        f = _page("watson-01", read)
        assert f.search_inputs == 0 and f.described_items >= 5
        assert classify(f)[0] == "search_results" and HITS in signals(f)


def test_hits_under_a_box_holding_the_query_are_its_results() -> None:
    # A site's search page, "swim" in its box, nine hits (old: article from the first screen).
    f = _page("watson-02")
    assert f.queries >= 1
    assert classify(f)[0] == "search_results" and HITS in signals(f)
