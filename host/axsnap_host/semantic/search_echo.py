"""A search box showing what was searched for, said again by a heading over it ("‘Travel’
here's what we've got" over a box showing "Travel" and a "Search" button): a search's results
page, whose box holds the query as its value or as the words it shows in grey. A person reads
the heading and the box together; an empty box under a heading of other words asks for a
search, and the box's own prompt ("Search here...") is no query.
"""

from __future__ import annotations

import re

from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import PageFacts
from axsnap_host.semantic.search_boxes import FormButtons

_HEADINGS = frozenset({"h1", "h2", "h3", "h4"})
_SEARCH = re.compile(r"(?<!\w)(?:search|find|go)(?!\w)|搜索|tìm kiếm|buscar|suchen?|rechercher|"
                     r"検索", re.I)
# A box's prompt: words inviting a search, not what was searched for.
_PROMPT = re.compile(r"(?<!\w)(?:search|type|enter|keywords?|find|look(?:ing)? for|e-?mail|"
                     r"name|搜索|buscar|suchen?|rechercher|検索)(?!\w)", re.I)
_QUOTES = "'\"‘’“”«»"


def _search_box(el: Element, buttons: dict[int, list[str]], form: int) -> bool:
    """A search box: typed or named so, or in a form whose button says search."""
    node = el.node
    return (node.attrs.get("type") == "search" or node.role == "searchbox"
            or node.attrs.get("name") in ("q", "query", "search", "s")
            or any(_SEARCH.search(said) for said in buttons.get(form, [])))


def echoed_queries(facts: PageFacts, elements: list[Element], forms: FormButtons) -> set[int]:
    """The record ids of the search boxes whose shown words a heading out of the chrome says.
    ``forms``: search_boxes.py ``form_buttons`` of the page."""
    headings = [" ".join(n.text.split()).lower().strip(_QUOTES) for n in facts.nodes
                if n.tag in _HEADINGS and n.text and not any(
                    a.in_page_chrome for a in facts.ancestors(n))]
    if not headings:
        return set()
    form_of, buttons = forms
    echoed: set[int] = set()
    for el in elements:
        if el.kind != "text_input" or not _search_box(el, buttons, form_of[el.node.rid]):
            continue
        shown = " ".join(((el.node.value or "").strip() or el.source.hint).split()).lower()
        if len(shown) < 2 or _PROMPT.search(shown) or shown.endswith(("...", "…")):
            continue
        said = re.compile(rf"(?<!\w){re.escape(shown)}(?!\w)")
        if any(said.search(h.replace("’", "'")) or said.search(h) for h in headings):
            echoed.add(el.node.rid)
    return echoed
