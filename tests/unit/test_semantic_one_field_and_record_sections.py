"""Three causes of the thirty-eighth held-out set's misses (issue 31; note 182), each a rule a
person states for any page:

- A help desk's first step, "Submit a request" over one select ("My question is about:"),
  beside the site's search box (saurus-167, read as a search engine's home): a select asks a
  choice, so the search box is not all there is, and under the page's own heading one field is
  a short form.
- A forum's sections, each a linked heading over a table of its boards ("Section /
  Discussions / Posts / Latest post"), under a masthead with search boxes (saurus-170, read as
  a search's results): headings over tables of forty records and more title the tables.
- The same page's "share this page by mail" box at its foot (To, Message, Your email address):
  beside a long table of records it is the site's box, no mail being written (its whole page
  read as a compose page).

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

SEARCH_HOME = "form:a search box and little else"
SHORT_FORM = "form:the page's one form of 2-5 fields and little else (a short form)"
COMPOSE = "form:to/subject fields with a message body"


def _request_page(**changes: object) -> Features:
    said = ("the science advisory board \n search \n my question is about \n the science advisory"
            " board submit a request \n submit a request \n my question is about:")
    page = Features(search_inputs=1, selects=1, links=11, forms=1, text_chars=117,
                    page_screens=1.0, title="the science advisory board",
                    own_heading="submit a request", said=said, text=said)
    return replace(page, **changes)


def test_one_select_under_the_page_s_heading_is_a_form_not_a_search_home() -> None:
    kind, _, signals = classify(_request_page())
    fired = [s["signal"] for s in signals]
    assert kind == "form", signals[:4]
    assert SHORT_FORM in fired and SEARCH_HOME not in fired


def test_a_search_box_alone_is_still_a_search_home() -> None:
    # (no select, no heading of its own: a search engine's home page)
    kind, _, signals = classify(_request_page(selects=0, own_heading="", forms=0))
    assert kind == "search_engine", signals[:4]
    # and one field with no heading of the page's own is no short form
    _, _, signals = classify(_request_page(own_heading="", search_inputs=0))
    assert SHORT_FORM not in [s["signal"] for s in signals]


def _forum_sections(**changes: object) -> Features:
    said = ("boston.com forums discussions - boston.com \n search stories or sections \n you must"
            " be logged in to contribute. log in register forums \n business total discussions:"
            " 238 | total posts: 1,942 \n section discussions posts latest post")
    page = Features(text_inputs=2, search_inputs=3, textareas=1, buttons=4, links=447,
                    div_rows=23, action_rows=120, column_heads=4, heading_cards=15,
                    account_fields=2, forms=1, address_fields=2, to_subject=1, recipients=1,
                    list_items=13, linked_items=13, text_chars=760, tables=15, rows=255,
                    result_blocks=15, page_screens=8.6,
                    title="boston.com forums discussions - boston.com", own_heading="forums",
                    lead_links=2, said=said, text=said)
    return replace(page, **changes)


def test_a_forums_sections_over_tables_of_boards_are_a_list() -> None:
    # the whole page, its share box at the foot included
    kind, scores, signals = classify(_forum_sections())
    assert kind == "list", signals[:5]
    assert scores["email_compose"] < scores["list"]
    # the first screen: no share box read yet
    kind, _, signals = classify(_forum_sections(to_subject=0, recipients=0, buttons=2))
    assert kind == "list", signals[:5]


def test_headings_over_a_few_table_rows_with_a_search_box_are_still_results() -> None:
    # (a search's results laid out in tables: ten results, a few rows each)
    page = _forum_sections(action_rows=11, rows=14, tables=7, result_blocks=10, text_inputs=0,
                           textareas=0, to_subject=0, recipients=0, account_fields=0,
                           address_fields=0, title="number - search", own_heading="")
    _, scores, signals = classify(page)
    assert scores["search_results"] > scores["list"], signals[:5]


def test_a_mail_being_written_beside_no_records_is_a_compose_page() -> None:
    page = _forum_sections(action_rows=3, rows=3, tables=1, result_blocks=0, column_heads=0,
                           heading_cards=0, links=30, list_items=6, linked_items=6,
                           page_screens=1.2, title="new message", own_heading="new message")
    kind, _, signals = classify(page)
    assert kind == "email_compose", signals[:5]
    assert COMPOSE in [s["signal"] for s in signals]
