"""A sidebar's boxes beside a blog's posts (issue 31, note 224).

A side menu beside three boxes or more that each show a figure (the walker's ``widgets``: a
box whose class says stat, metric, chart or widget) is an app's overview: its tables and lists
are the dashboard's panels. A blog's sidebar holds such boxes too (a WordPress theme calls
every box in it a "widget": recent comments with their counts, an archive of months, a
newsletter box). When the page's own matter is five linked headings or more, each over a
teaser of its own, and nothing draws a chart, a person reads a front page of posts beside
the site's sidebar, no dashboard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

# An app's overview shows this many boxes of figures beside its side menu.
PANEL_BOXES = 3
# A front page of posts: this many linked headings, each over a short teaser of its own.
FRONT_TEASERS = 5


def posts_beside_sidebar(f: Features) -> bool:
    """Five linked headings or more over teasers of their own, no chart: a blog's posts, its
    sidebar's boxes the site's."""
    return f.teaser_heads >= FRONT_TEASERS and f.charts == 0


def sidebar_panels(f: Features) -> bool:
    """Three boxes of figures or more beside a side menu, no blog's posts beside them: a
    dashboard's panels."""
    return f.widgets >= PANEL_BOXES and f.sidebar and not posts_beside_sidebar(f)
