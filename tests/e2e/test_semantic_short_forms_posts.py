"""Two kinds of page the held-out sets kept missing (issue 31, note 108), each read from what the
page is for. A page whose one form asks a few things and holds little else is a form (an order
lookup's address and receipt number), whatever it asks. A blog's posts, each a title over a
byline, are a list, whatever each post holds under its byline (an excerpt, two photos). Each page
is our own, through the extension and the host in Debian Chromium, read from the first screen
and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.card_lists import POSTS_SIGNAL
from axsnap_host.semantic.short_forms import SHORT_FORM_SIGNAL

pytestmark = pytest.mark.e2e


def test_one_form_of_two_fields_and_little_else_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # "Where is my parcel?": the e-mail ordered with and the receipt number, "Look it up", a
    # help box of three links. The old main read unknown: no form signal fires below three
    # fields, and the page says no form's words.
    for result in both_reads(browser, pages_url + "understanding/order_status_lookup.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert fired(result)[SHORT_FORM_SIGNAL] == 0.45


def test_forms_with_signals_of_their_own_are_no_short_form(
        browser: Browser, pages_url: str) -> None:
    # A sign-up asked without a password (sign-up words), a sign-in's first step (one field),
    # a password reset (reset words): their own signals name them, the short form stays silent.
    for page, kind in (("signup_no_password.html", "register"),
                       ("login_two_step_email.html", "login"),
                       ("forgot_password.html", "form")):
        for result in both_reads(browser, pages_url + "understanding/" + page):
            assert result.type == kind, (page, result.page["signals"][:8])
            assert SHORT_FORM_SIGNAL not in fired(result), page


def test_posts_each_a_title_over_a_byline_are_a_list(
        browser: Browser, pages_url: str) -> None:
    # "Tidewater Notes": three <section class=entry> posts, each an <h2> over "Posted by ... in
    # ..." in the post's own <header>; two hold a paragraph, one two photos under <h3>
    # captions (no card of text: the list-of-cards rule sees two cards). The old main read
    # unknown (only "two long text blocks" fired).
    for result in both_reads(browser, pages_url + "understanding/blog_posts_bylines.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert fired(result)[POSTS_SIGNAL] == 0.5


def test_a_storys_comments_with_dates_are_no_list_of_posts(
        browser: Browser, pages_url: str) -> None:
    # A story under its byline, then three comments, each a name heading over a date: the
    # comments hold less prose than the story, which stays an article.
    for result in both_reads(browser, pages_url + "understanding/article_comments_bylines.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert POSTS_SIGNAL not in fired(result)
