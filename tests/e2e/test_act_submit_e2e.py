"""A submit that shows nothing says what happened (issue 32): the form's submit event fired
(and the page's script took it over), the request it started and ended, the URL moving
within the page."""

from __future__ import annotations

from axsnap_host.client import Browser


def test_a_background_post_says_the_form_fired_and_the_request_ended(browser: Browser,
                                                                     pages_url: str) -> None:
    browser.open(f"{pages_url}act/submit/quiet.html")
    result = browser.act("Subscribe", "click")
    assert result.ok and result.changes, result.error
    changes = result.changes
    assert [(s.form, s.method, s.prevented) for s in changes.submitted] == \
        [("Newsletter signup", "post", True)]
    assert changes.submitted[0].action.endswith("/subscribe")
    assert changes.requests.started == 1 and changes.requests.finished == 1, changes.requests
    assert changes.requests.pending == 0
    assert "/__slow?ms=300" in changes.requests.first[0] and "200" in changes.requests.first[0]
    assert not changes.navigated and not changes.same_document


def test_a_search_that_only_moves_the_url_says_so(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/submit/quiet.html")
    result = browser.act("Query", "submit")
    assert result.ok and result.changes, result.error
    assert [s.form for s in result.changes.submitted] == ["search"]
    assert result.changes.same_document and result.changes.url.endswith("?q=lamps")
    assert result.changes.requests.started == 0
    assert not result.changes.navigated


def test_a_click_that_submits_nothing_reports_no_form(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/submit/quiet.html")
    result = browser.act("Email", "fill", "bob@example.com")
    assert result.ok and result.changes, result.error
    assert result.changes.submitted == [] and result.changes.requests.started == 0
