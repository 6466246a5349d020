"""Two causes of the fortieth held-out set's misses (issue 31; note 188), each a rule a person
states for any page:

- A jeweller's engagement rings, thirteen linked titles with their prices under the site's
  empty "Search:" box (saurus-197, read as a search's results): nothing says a search was
  made (no query held, no count of results, no title or address naming one), so the headings
  are the page's own items, a list.
- Drupal's "Request new password" over "Username or e-mail address" and "E-mail new password"
  (saurus-193, read as a sign-in's first step): a CMS's words for a password reset.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

RESET = "form:a password reset (an address field, no password field)"


def _rings(**changes: object) -> Features:
    said = ("michelson diamonds - pierścionki zaręczynowe, obrączki ślubne \n search: \n szukaj"
            " \n pierścionki zaręczynowe \n 899,00 zł \n 1 099,00 zł \n 959,00 zł")
    page = Features(search_inputs=1, buttons=1, links=21, div_rows=4, long_items=1,
                    prose_run=1, titled_items=13, list_items=16, linked_items=13,
                    long_blocks=1, paragraphs=2, text_chars=643, result_blocks=13,
                    page_screens=4.18,
                    title="michelson diamonds - pierścionki zaręczynowe, obrączki ślubne",
                    own_heading="pierścionki zaręczynowe", said=said, text=said)
    return replace(page, **changes)


def test_headings_under_an_empty_search_box_are_a_list() -> None:
    kind, _, signals = classify(_rings())
    assert kind == "list", signals[:4]


def test_a_search_made_still_shows_results() -> None:
    # the box holding the query
    kind, _, signals = classify(_rings(queries=1))
    assert kind == "search_results", signals[:4]
    # the address asking one (a search's page whose box a script fills)
    kind, _, signals = classify(_rings(url="https://shop.example/szukaj?q=ring"))
    assert kind == "search_results", signals[:4]
    # the title naming the search (Baidu's "…_百度搜索")
    kind, _, signals = classify(_rings(title="pierścionki_百度搜索", own_heading=""))
    assert kind == "search_results", signals[:4]


def _drupal_reset(**changes: object) -> Features:
    said = ("request new password - debianhelp \n search \n enter the terms you wish to search"
            " for. \n username or e-mail address * \n e-mail new password \n main menu archives"
            " blogs forums glossary my account \n create new account log in request new"
            " password(active tab)")
    page = Features(text_inputs=1, search_inputs=1, buttons=2, links=16, name_fields=1,
                    account_fields=1, forms=1, address_fields=1, long_blocks=1, paragraphs=1,
                    text_chars=359, page_screens=1.57, title="request new password - debianhelp",
                    said=said, text=said)
    return replace(page, **changes)


def test_a_cms_request_for_a_new_password_is_a_reset() -> None:
    kind, _, signals = classify(_drupal_reset())
    assert kind == "form", signals[:4]
    assert RESET in [s["signal"] for s in signals]
