"""A blog's front page beside its sidebar (issue 31, note 224), a rule a person states for any
page: five linked headings or more, each over a teaser of its own, with no chart drawn, are a
front page of posts; the boxes beside them that show a figure ("0 comments" under each post,
a sidebar's "widget" boxes) are the site's, no dashboard's panels.

- A web design blog's whole page: nine posts, each a linked title over its teaser and a
  "post-stats" line ("0 comments · Tweet this · Share this"), beside a sidebar of widgets
  (saurus-97's whole page, read as an article: the boxes were panels, and the posts' list
  signals stood down beside them).

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

_POSTS = ("build some solid websites without coding", "a fully functional job board site",
          "earn money with a display network", "a facebook plugin for wordpress")


def _blog_front(**changes: object) -> Features:
    said = ("bloggermint - web design & web development blog \n search this site \n search \n"
            " your email address here! \n subscribe \n"
            + " 0 comments tweet this share this \n" * 9)
    text = said + "".join(f" permalink to {p} \n {p} \n read more \n" for p in _POSTS)
    page = Features(text_inputs=1, search_inputs=1, buttons=2, links=115, widgets=9,
                    prose_run=1, teaser_heads=9, list_cards=9, account_fields=1, forms=1,
                    address_fields=1, newsletter_fields=1, list_items=38, linked_items=36,
                    long_blocks=2, paragraphs=9, text_chars=3441, result_blocks=9, articles=9,
                    sidebar=True, page_screens=5.51,
                    title="bloggermint - web design & web development blog", said=said,
                    text=text)
    return replace(page, **changes)


def test_posts_over_teasers_beside_a_sidebars_boxes_are_a_list() -> None:
    kind, _, signals = classify(_blog_front())
    assert kind == "list", signals[:4]
    assert any(s["signal"].startswith("stats:5+ linked headings over short teasers")
               for s in signals)


def test_a_chart_or_fewer_teasers_keep_the_boxes_a_dashboards_panels() -> None:
    for page in (_blog_front(charts=1), _blog_front(teaser_heads=4)):
        signals = classify(page)[2]
        assert not any(s["signal"].startswith("stats:5+ linked headings over short teasers")
                       for s in signals), (page.charts, page.teaser_heads)
