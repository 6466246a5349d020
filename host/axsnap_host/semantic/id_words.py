"""The words an id is made of besides its label (see ids.py; its row's words: id_rows.py): the
closest other text, a link's destination, the named container, the part of the page the
walker says it sits in, and, for twins nothing else parts, what the walker read to tell the page's
twins apart. Read from the semantic facts (facts.py) and the element model's context.
"""

from __future__ import annotations

import re

from axsnap_host.models.id_slug import (
    GLUED_LABEL_LEAST,
    UNSPACED_LETTERS_PATTERN,
)
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.ids import slug

# Letters of scripts written without spaces (Han, kana): they bound no word.
_UNSPACED = re.compile(UNSPACED_LETTERS_PATTERN)


def _kind(char: str) -> int:
    """1 for a letter, 2 for a digit, 0 for anything else (or a letter of a script written
    without spaces)."""
    if not char or _UNSPACED.match(char):
        return 0
    return 1 if char.isalpha() else 2 if char.isdigit() or char.isnumeric() else 0


def _glued(edge: str, beside: str) -> bool:
    kind = _kind(edge)
    return kind != 0 and kind == _kind(beside)


def minus(text: str, label: str) -> str:
    """``text`` without the element's own label in it, where the label stands as words of its
    own: "s" is not taken out of "status"; a letter's edge against a digit is a word's
    ("inbox8": "Inbox" beside its badge). Else, a label of GLUED_LABEL_LEAST characters or more
    where it is glued to other words (a text whose boxes ran together). Design note 327; the
    walker's run.js withoutLabel alike, both from models/id_slug.py."""
    if not label:
        return text
    first = at = text.find(label)
    while at >= 0:
        end = at + len(label)
        if not (_glued(label[0], text[at - 1:at]) or _glued(label[-1], text[end:end + 1])):
            return f"{text[:at]} {text[end:]}"
        at = text.find(label, at + 1)
    # (a text whose boxes ran together, "Product ARemove", holds a label of some length glued)
    if first < 0 or len(label) < GLUED_LABEL_LEAST:
        return text
    return f"{text[:first]} {text[first + len(label):]}"


def _descendants(node: Node, facts: PageFacts, limit: int = 40) -> list[Node]:
    out: list[Node] = []
    todo = list(node.children)
    while todo and len(out) < limit:
        child = facts.nodes[todo.pop(0)]
        out.append(child)
        todo.extend(child.children)
    return out


_COUNT = re.compile(r"\s*[(\[]?\d[\d,.]*\+?[)\]]?$")


def without_badge(label: str, node: Node, facts: PageFacts) -> str:
    """A label without the count a badge under the element shows ("Issues 57" → "Issues"):
    the count is a number of its own element inside the control, so it changes as the page's
    data does; the name stays."""
    match = _COUNT.search(label)
    if not match or match.start() == 0:
        return label
    count = match.group(0).strip().strip("()[]")
    if any(d.text.strip().strip("()[]") == count for d in _descendants(node, facts)):
        return label[:match.start()].rstrip()
    return label


def near_text(node: Node, facts: PageFacts, own: str) -> str:
    """Words of the closest text around the element that is not its own label."""
    return slug(near_said(node, facts, own), 3)


def near_said(node: Node, facts: PageFacts, own: str) -> str:
    """The closest text around the element that is not its own label, whole ("" when none):
    its first three words are ``near_text``; twins alike in those are told by its next ones."""
    inside = set()
    todo = [node.rid]
    while todo:
        rid = todo.pop()
        inside.add(rid)
        todo.extend(facts.nodes[rid].children)
    holding = {a.rid for a in facts.ancestors(node)}
    for ancestor in facts.ancestors(node)[:4]:
        queue = list(ancestor.children)
        seen = 0
        while queue and seen < 60:
            rid = queue.pop(0)
            seen += 1
            if rid in inside:
                continue
            if rid in holding:  # an ancestor: its text holds the element's own label
                queue.extend(facts.nodes[rid].children)
                continue
            other = facts.nodes[rid]
            words = slug(other.text, 3)
            if words and words != own and not other.reasons:
                return other.text
            queue.extend(other.children)
    return ""


_MARK_WORDS = 3


def _plain_words(text: str) -> str:
    """Up to three words of ``text`` with no digit in them (numbers are counters or tokens)."""
    words = [w for w in slug(text, 12).split("_") if w and not any(c.isdigit() for c in w)]
    return "_".join(words[:_MARK_WORDS])


def _destination(href: str) -> str:
    """Words of a link's destination: another site's name and first path segment, or the last
    path segments (or the fragment) on this site; never its query (tokens live there)."""
    href = href.strip()
    if not href or href.startswith(("javascript:", "mailto:", "tel:", "data:")) or href == "#":
        return ""
    rest = href.split("?", 1)[0]
    rest, _, fragment = rest.partition("#")
    host = ""
    if "//" in rest:
        host, _, path = rest.split("//", 1)[1].partition("/")
        host = host.removeprefix("www.").rsplit(".", 1)[0]
        segments = [s for s in path.split("/") if s][:1]
    else:
        segments = [s for s in rest.split("/") if s and s not in (".", "..")][-2:]
        if segments and _FILE.match(segments[-1]) and (named := file_words(segments[-1])) \
                and named != "index":
            # a file on this site (a gallery's image01.jpg): its name as path_tail says it
            folder = _plain_words(segments[0]) if len(segments) > 1 else ""
            said = "_".join(w for w in (folder, named, _plain_words(fragment)) if w)
            return "_".join(said.split("_")[:_MARK_WORDS])
    segments = [s.rsplit(".", 1)[0] if "." in s else s for s in segments]
    if segments and segments[-1] == "index":
        segments.pop()
    return _plain_words(" ".join([host, *segments, fragment]))


def label_tail(label: str, base: str) -> str:
    """The last three words of a label longer than its id's words (a result's full address,
    a long title), "" when the id holds it all."""
    words = [w for w in (slug(part, 1) for part in re.split(r"\W+", label)) if w]
    held = len([w for w in base.split("_") if w]) - 1  # (the id's type prefix is no word)
    return "_".join(words[max(held, len(words) - 3):]) if len(words) > held else ""


# The direction a pager's arrow points, as a person says it: "«" is the previous page.
_ARROW_WORDS = {"«": "previous", "‹": "previous", "←": "previous", "⟨": "previous",
                "<": "previous", "»": "next", "›": "next", "→": "next", "⟩": "next",
                ">": "next"}


def arrow_word(symbol: str) -> str:
    """``previous``/``next`` for a control that shows only a pager's arrow (``«``, ``›``), which
    the element model names by its context (the card's heading: both arrows of a table's
    pager are "Bordered Table"); "" for any other symbol or words."""
    shown = "".join(symbol.split())
    return _ARROW_WORDS.get(shown[0], "") if len(set(shown)) == 1 and len(shown) <= 2 else ""


def path_tail(href: str) -> str:
    """Words of the last two parts of a link's path (no query, no digits: tokens and counters
    live there), for links alike in their label, place and destination site. A file's name
    (a gallery's ``image01.jpg``) is said as the walker says the file a picture shows
    (lib/walker/src/picture_twins.js filePlace): a short number with the word before it
    (``blog_image01``), so links to six pictures of one folder are told by the picture.
    A script's call (``javascript:ProductList.change(886703, this)``) is no path: "" (its
    object's name is no place a person sees the link go)."""
    if href.strip()[:11].lower() == "javascript:":
        return ""
    rest = href.strip().split("?", 1)[0].split("#", 1)[0]
    if "//" in rest:
        rest = rest.split("//", 1)[1].partition("/")[2]
    segments = [s for s in rest.split("/") if s and s not in (".", "..")][-2:]
    if segments and _FILE.match(segments[-1]):
        folder = _plain_words(segments[0]) if len(segments) > 1 else ""
        return "_".join(w for w in (folder, file_words(segments[-1])) if w)
    segments = [s.rsplit(".", 1)[0] if "." in s else s for s in segments]
    page = _plain_words(segments[-1]) if segments else ""
    if page.count("_") + 1 >= _MARK_WORDS:
        # the page it goes to fills the words alone: said without its folder (the "t" links of
        # a wiki's boxes to "/wiki/Template_talk:Google_Inc." and ".../Template_talk:NASDAQ-100"
        # are "template_talk_google" and "template_talk_nasdaq", not "wiki_template_talk"
        # twice: note 218)
        return page
    return _plain_words(" ".join(segments))


_FILE = re.compile(r"^[^.]+\.[a-z0-9]{2,5}$", re.IGNORECASE)  # a name and an extension
_FILE_WORD = re.compile(r"^(?:[^\W\d_]+|\d{1,3}|[^\W\d_]+\d{1,3})$")  # no token, no long number
_FILE_WORDS = 4


def file_words(name: str) -> str:
    """The words of a file's name without its extension, as the walker says a picture's file
    (filePlace): letters, a short number said with the word before it (``tree-3`` →
    ``tree3``, dropped with no word before it), never a hash or a long number."""
    stem = name.rsplit(".", 1)[0].lower()
    words: list[str] = []
    for word in re.findall(r"[^\W_]+", stem):
        if not _FILE_WORD.match(word):
            continue
        if not word.isdigit():
            words.append(word)
        elif words and not words[-1][-1].isdigit():
            words[-1] += word
    return "_".join(words[:_FILE_WORDS])


def container(node: Node, facts: PageFacts) -> str:
    """Words of the closest named container (``aria-label``, else a fieldset's legend, else an
    ``id``; none with digits). A legend is what a person reads over the box; an id no one
    reads: two forms' "Confirm current password" fields are the one under "User Profile" and
    the one under "Delete Account", not the one in "dw__register" (note 218)."""
    for holder in [node, *facts.ancestors(node)[:6]]:
        for value in (holder.attrs.get("aria-label", "") if holder is not node else "",
                      _legend(holder, facts), holder.attrs.get("id", "")):
            if value and not any(c.isdigit() for c in value) and (words := _plain_words(
                    value.replace("-", " "))):
                return words
    return ""


def _legend(holder: Node, facts: PageFacts) -> str:
    """The words of a fieldset's legend (its first child), "" for any other box."""
    if holder.tag != "fieldset" or not holder.children:
        return ""
    first = facts.nodes[holder.children[0]]
    return first.text if first.tag == "legend" else ""


SECTION_WORDS = 4


def section_of(said: str, label: str, context: str, region_kind: str) -> str:
    """Where the element sits as the walker read it in the live page (the element model's
    context: its group's label, the heading of its list or box, its landmark's name, else the
    landmark's kind), in words: the same in every read, whatever the window, because the walker
    reads it from the whole document. "" when it says nothing the row words or the label do
    not."""
    words = slug(said, SECTION_WORDS)
    if not words or words in (slug(label), context, region_kind):
        return ""
    return words


def twin_words(said: str) -> str:
    """The walker's ``tw`` (lib/walker/src/twins.js: "at:<words>", "under:<words>",
    "within:<words>", "for:<words>", "|"-joined) as id words: ``at_<words>`` (no digits: a
    container's name), ``under_<heading words>``, ``within_<paragraph words>``,
    ``for_<words>`` (its own card's or list's title, else its words without numbers, the
    words every twin's box starts with dropped), ``after_<words>`` (the item before it; for
    a text field named by its placeholder alone, the field before it), ``before_<words>``
    (the field after it), and a table row's ``cell:<words>`` as its words alone (the row's
    cell that parts rows alike in their first words, read over every row of the page:
    ``..._near_456420_1_mar_2020``, as the row's own words are said), and the colour of the
    icon of a control that shows no words, ``hue:<colour>``, as its words alone
    (``link_near_or7546_red``: an order's bin beside its eye and pencil); a field's input
    group add-on, ``with:<words>``, as ``with_<words>`` (``input_username_with_shield``), and
    its kind, ``as:<type>``, as its words alone (``..._date``, ``..._time``); the file a
    picture named alike shows, ``src:<words>``, as its words alone
    (``img_product_name_in_main_product1``); the header of the table column a twin sits in,
    ``col:<words>``, as its words alone (``checkbox_tickets_in_main_purser``: a roles grid's
    box in the purser's column); the colour a swatch named alike is filled with exactly,
    ``fill:<hex>``, as its six hex digits alone (``item_dark_blue_under_navbar_color_002b49``:
    lib/walker/src/swatch_twins.js); the side of a list a pair alike in all else sits on,
    ``side:above list`` / ``side:below list``, as its words alone
    (``select_sort_by_..._above_list``: lib/walker/src/twin_numbers.js); the first words of
    the element the markup ties a twin alike in all else to by its id, ``ref:<words>``, as
    its words alone (``link_edit_view_in_form_to_edit_about_us``: a page tree's column of
    links, each cell naming its page's item by id: lib/walker/src/twin_refs.js, note 270);
    the words of a twin's own ``id`` or test id where they differ among twins alike in all
    else, ``own:<words>``, as its words alone (``btn_near_login_settings``: a header's
    nameless icon buttons, lib/walker/src/twin_own.js, note 278).
    A picture link's
    "of:<title>" is no place (see
    picture_title), nor is a link's "path:<words>" (see twin_path)."""
    out = []
    for part in said.split("|"):
        kind, _, text = part.partition(":")
        words = _plain_words(text) if kind == "at" else slug(text, SECTION_WORDS)
        if kind in ("at", "under", "within", "for", "after", "before", "with") and words:
            out.append(f"{kind}_{words}")
        elif kind in ("cell", "hue", "as", "src", "col", "fill", "side", "ref", "own") and words:
            out.append(words)
    return "_".join(out)


def twin_cells(said: str) -> str:
    """The words of the table row's cells the walker parted it from its twins by (the
    ``cell:<words>`` parts of its ``tw``), as the id says them; "" when none."""
    return "_".join(words for part in said.split("|")
                    if part.startswith("cell:") and (words := slug(part[5:], SECTION_WORDS)))


def twin_number(said: str) -> tuple[int, int]:
    """(its number, how many) among twins alike in every place the walker reads (the ``tw``
    part "n:<k>/<how many>": the same row twice in one table), numbered in the page's order
    over the whole page; (0, 0) for any other element."""
    for part in said.split("|"):
        kind, _, text = part.partition(":")
        number, _, alike = text.partition("/")
        if kind == "n" and number.isdigit() and alike.isdigit():
            return int(number), int(alike)
    return 0, 0


def twin_path(said: str) -> bool:
    """Whether the walker says the page holds a link its id's words cannot tell from this one
    (one label, row and destination as the id says them) and its path can: the ``tw`` part
    "path:<words>" (lib/walker/src/twin_dest.js pathTwins); the id then says its path in every
    read (ids.py), not only in one that holds the other."""
    return any(part.startswith("path:") and part[5:].strip() for part in said.split("|"))


def picture_title(said: str) -> str:
    """The words of the title link a picture is of (the walker's ``tw`` part "of:<words>":
    a link that shows no words beside a link with words to its address,
    lib/walker/src/pictures.js), "" for any other element."""
    for part in said.split("|"):
        kind, _, text = part.partition(":")
        if kind == "of":
            return text.strip()
    return ""


def own_mark(kind: str, node: Node, facts: PageFacts) -> str:
    """The element's own distinguisher for a label the page shares (see ids.py)."""
    if kind == "link" and (where := _destination(node.attrs.get("href", ""))):
        return f"to_{where}"
    holder = container(node, facts)
    return f"at_{holder}" if holder else ""
