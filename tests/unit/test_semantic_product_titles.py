"""A product's name in a title says nothing of the page it is on (issue 31): an admin template
titles its mailbox and its tables "... Admin Dashboard Template" as much as its dashboard."""

from __future__ import annotations

import pytest

from axsnap_host.semantic.titles import page_title


@pytest.mark.parametrize(("title", "own"), [
    ("Nimbus - Bootstrap 5 Admin Dashboard Template", "Nimbus"),
    ("Email Application - Nimbus Admin Dashboard", "Email Application"),
    ("Settings | Nimbus Tailwind JS by Acme", "Settings"),
    ("Sign In | Nimbus Demo", "Sign In"),
    ("Nimbus Admin - Modern Dashboard", "Modern Dashboard"),
    ("Select user to change | Django site admin", "Select user to change"),
    ("Nimbus UI Kit by Acme", ""),
    ("Demo: Account settings - Pages | Nimbus - Bootstrap Dashboard FREE",
     "Account settings - Pages - Nimbus"),
    ("Helpdesk Dashboard :: Powered by django-helpdesk", "Helpdesk Dashboard"),
])
def test_a_products_segments_leave_the_title(title: str, own: str) -> None:
    assert page_title(title) == own


@pytest.mark.parametrize("title", ["Dashboard - Acme", "Admin Login", "Log in - Wikipedia",
                                   "Sign-in | Warby Parker", "e-mail: the basics",
                                   "Windmill Dashboard"])
def test_a_pages_own_words_stay(title: str) -> None:
    assert page_title(title).replace(" - ", " | ") in (title, title.replace(" - ", " | "))
