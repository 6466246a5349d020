"""Semantic ids: ``btn_sign_in``, ``input_search``, ``link_learn_more``, ``btn_登录``.

An id is the element's type prefix and its label as words: lower-case, joined by ``_``, accents
dropped from Latin letters, other scripts kept as they are. The label comes from the first
source that has one: ``aria-label``/``aria-labelledby``, the visible text (a control's
``<label>`` counts; a badge's count under it does not), ``placeholder``/``title``/``alt``,
``name``. A label that several controls of the page share (the walker's tally of the whole
document says which, a badge's count left out as here: a folder's "Inbox 12" shares the
sidebar's "Inbox", so a window read decides as the whole page does) is told apart by its
context, the row or item it sits in (``btn_delete_near_invoice_march``), else by its region
(``link_home_in_footer``); an element with no label at all is named by its context
(``btn_near_row_1``), a link with none by where it goes (``link_to_twitter_fortune``). A shared
label outside any row also carries the element's own mark, where it has one: a link's
destination (``link_learn_more_in_main_to_pricing``), else the labelled container it sits in
(``btn_save_in_main_at_cookie_settings``); it is added whenever the page shares the label, not
only when a twin is in the reply, so the id is the same before and after a twin scrolls into
view. A shared label with no row and no mark of its own carries the part of the page the walker
says it sits in (its group's or list's label, its box's heading:
``menu_home_in_navigation_under_site_navigation``). Twins alike in label, row words and
destination across the whole page (a menu laid out twice, a share bar above and below a story)
carry what the walker found parts them, read over the whole document so every read says the
same (lib/walker/src/twins.js): the first named container that differs
(``link_world_in_navigation_to_world_at_nav_top``), else the heading above
(``btn_share_..._under_comments``), else the paragraph holding them. Table rows alike in their
first words carry their last cell's (``link_john_doe_near_a_report_30_mins_ago``). Twins still
alike whose labels differ after the words an id holds carry their label's last words
(``link_search_domain_docs_example_com_testing_index_html``; a pager's arrows, which the
element model names by their table's heading, the way each points:
``link_bordered_table_previous``, ``link_bordered_table_next``); links, the last parts of their
path (``link_psychology_to_psychology_archive``), in every read when the walker finds over the
whole page a link alike in label, row and destination that its path parts it from
(lib/walker/src/twin_dest.js: ``link_r_to_r_c504`` with its twin out of the window). A control
inside another of its id (a link in the scripted ``<span>`` that wraps it: one control listed
twice) is the inner one (``btn_4_7_out_of_5_..._inner``). Twins the walker parts by nothing
else carry their own box, the card or list holding no other twin: its heading or title link,
else its words
(``link_let_us_know_..._for_chicken_pate_for_adult``); text fields named by one placeholder a
form gallery repeats, by the fields before and after them (``input_col_sm_6_..._after_col_sm_12``);
fields labelled alike in one place, by the placeholder each shows
(``input_email_in_form_username``); fields named alike or by nothing, as the walker parts them
over the whole page: their kind, their input group's add-on, their box
(``input_username_..._with_shield_outline``, ``input_time_and_date_in_main_time``,
``input_number_in_main_for_s_color_white``).
A link that shows no words beside a link with words to its address (a card's image and its
title) is that title's picture, named for it (``link_for_chicken_pate_for_adult``) and told
from its title's twins as the title is, read over the whole page (lib/walker/src/pictures.js)
so a read without the title names it alike. Pictures named alike by their alt carry the
file each shows (``img_product_name_in_main_product1``), then where they sit, read by the
walker over the whole page (lib/walker/src/picture_twins.js). Icons that name nothing,
alike in all else, carry the colour each is drawn in where each has its own
(``link_near_or7546_red``: an order's bin beside its blue eye and yellow pencil). Twins told
by their nearest text alike in its first words carry its next ones
(``link_cached_near_hello_definition_of_by_merriam_webster``: two results' "Cached" links,
read in this read), keeping the part the walker parted them by over the whole page (the same
avatars in each of several tables: ``item_lilian_fuller_near_tours_project_under_table_dark``,
note 291). Only twins that nothing tells apart (the same row twice in one table) are numbered
(``link_action_near_lorum_ipsum_2``), the last resort: in the page's order over the whole
page where the walker read them (every read numbers them alike), else among the read's own;
``relations.alike`` says which (``{"number": 2, "of": 9, "over": "page"}``); twins the walker
never parted are first said by their grid column's header (``..._in_main_dataset``), else
their own markup name, else, showing no words, the icon their class names (``..._restack``,
``..._view``: read_twins.py, read_parts.py). Nothing here depends on backendNodeIds, on the
read's window or on the order of rows: an element keeps its id across scrolls, re-reads,
re-renders and rows added above it while its label and its context do."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from axsnap_host.models.id_slug import ID_LABEL_WORDS, ID_UNITS, SIGN_WORDS, SIGNED_NUMBER_PATTERN
from axsnap_host.semantic.read_parts import part_in_read

PREFIXES = {
    "button": "btn", "link": "link", "text_input": "input", "password_input": "input",
    "textarea": "textarea", "checkbox": "checkbox", "radio": "radio", "select": "select",
    "file_input": "file", "image": "img", "video": "video", "tab": "tab",
    "menu_item": "menu", "list_item": "item",
}
MAX_WORDS = ID_LABEL_WORDS  # the words of its label an id holds (models/id_slug.py)
UNITS = frozenset(ID_UNITS)  # a number keeps its unit (models/id_slug.py, note 218)
MAX_CHARS = 40
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_LATIN_EXTRA = str.maketrans({"đ": "d", "Đ": "d", "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe",
                              "ł": "l"})


def _fold_latin(word: str) -> str:
    """Drop accents from Latin letters (``é`` → ``e``, ``ậ`` → ``a``); keep other scripts."""
    out = []
    for char in word.translate(_LATIN_EXTRA):
        parts = unicodedata.normalize("NFKD", char)
        if parts and ord(parts[0]) < 0x250:  # a Latin letter, perhaps with marks
            out.append("".join(c for c in parts if not unicodedata.combining(c)))
        else:
            out.append(char)
    return "".join(out)


_SIGNED_NUMBER = re.compile(SIGNED_NUMBER_PATTERN)


def _sign_word(sign: re.Match[str]) -> str:
    return f" {SIGN_WORDS[sign.group(1)]} "


@lru_cache(maxsize=8192)
def slug(text: str, max_words: int = MAX_WORDS) -> str:
    """``"Sign in →"`` → ``sign_in``; ``"登录"`` → ``登录``; ``"Đăng nhập"`` → ``dang_nhap``."""
    text = text[:400]  # the first words are all an id uses
    if text.strip() == "#":  # a sign alone, read as its word: a column headed "#" (note 218)
        text = "number"
    if "+" in text or "-" in text or "\u2212" in text:  # a signed number's sign (note 306)
        text = _SIGNED_NUMBER.sub(_sign_word, text)
    if text.isascii():
        words = _WORD.findall(text.lower())
    else:
        words = [_fold_latin(w)
                 for w in _WORD.findall(unicodedata.normalize("NFC", text.lower()))]
    words = [w for w in words if w]
    kept = words[:max_words]
    if len(words) > max_words and kept[-1].isdigit() and words[max_words] in UNITS:
        kept.append(words[max_words])  # a quantity keeps its unit: "250 g", not "250"
    out = "_".join(kept)
    if len(out) > MAX_CHARS:
        out = out[:MAX_CHARS].rstrip("_")
    return out


@dataclass(slots=True)
class IdSource:
    """What names one element, in the order the rules try them."""

    kind: str  # element type (PREFIXES key)
    aria: str = ""  # aria-label / aria-labelledby text
    text: str = ""  # visible text or <label>
    hint: str = ""  # placeholder / title / alt
    name: str = ""  # name attribute
    input_type: str = ""  # input type, for the last resort


def label_of(source: IdSource) -> tuple[str, str]:
    """(label, where it came from) by the rules' order; ("", "ordinal") when none."""
    for where, value in (("aria", source.aria), ("text", source.text), ("hint", source.hint),
                         ("name", source.name)):
        if slug(value):
            return value.strip(), where
    return "", "ordinal"


def base_id(source: IdSource) -> str:
    """The id before conflicts: prefix + label words, or prefix + type (ordinal added later)."""
    prefix = PREFIXES.get(source.kind, "el")
    label, _ = label_of(source)
    if label:
        return f"{prefix}_{slug(label)}"
    kind = slug(source.input_type) if source.input_type else ""
    return f"{prefix}_{kind}" if kind and kind != prefix else prefix


def picture_base(source: IdSource, title: str) -> str:
    """The base id of a picture: a link that shows no words beside a link with words to its
    address (a card's image and its title). ``link_for_<title>`` when it has no label of its
    own or its own says what the title's id says (an ``alt`` or a ``title`` repeating it),
    else its own base id."""
    own = base_id(source)
    if not slug(title) or (label_of(source)[0]
                           and own != base_id(IdSource(source.kind, text=title))):
        return own
    return f"{PREFIXES.get(source.kind, 'el')}_for_{slug(title, MAX_WORDS - 1)}"


@dataclass(slots=True)
class Placed:
    """One element to name: its base id, its region kind, the words of the row it sits in,
    the closest other text, and whether its label is one several controls share."""

    base: str
    place: str = ""
    context: str = ""  # the row's or item's words: a table row, a list item, a small parent
    near: str = ""  # the closest other text, when nothing else tells twins apart
    ordinal_only: bool = False  # no label at all: named by its context or region
    repeated: bool = False  # the page has other controls with this label
    mark: str = ""  # the element's own distinguisher: ``to_<destination>`` / ``at_<container>``
    holder: str = ""  # ``at_<container>``: tried when the mark does not tell twins apart
    # (always added to a shared label outside any row; in a row only when the row's words
    # are not enough)
    section: str = ""  # where it sits, read by the walker in the whole page: its group's or
    # list's label, its box's heading, its landmark's name (``under_<section>``)
    twin: str = ""  # what tells it from the page's other controls with its label (and
    # destination), read by the walker over the whole page: the first named container that
    # differs among them (``at_<words>``), else the heading above (``under_<words>``)
    row_tail: str = ""  # the words of its table row's last cell (``..._8_mins_ago``)
    row_cells: tuple[str, ...] = ()  # the words of its table row's middle cells
    tail: str = ""  # the last words of a label longer than an id holds (``..._index``)
    path: str = ""  # the last parts of a link's destination path (``news_astronomie``)
    inner: bool = False  # inside another control with its base id: the same control twice (a
    # link in its scripted ``<span>``), told from the outer one as ``..._inner``
    hint: str = ""  # the words of its placeholder or title, when its label is another's
    # (two fields labelled "Email" in one form, one asking a username): tried before the
    # nearest text
    number: int = 0  # its number among twins alike in every place the walker reads, over the
    # whole page (the same row twice in one table): the last resort, said from the second on
    near_said: str = ""  # the closest other text whole (``near`` is its first words): twins
    # alike in those are told by the words after them (two results' "Cached" links under
    # "Hello | Definition of Hello by Merriam-Webster" and "... at Dictionary.com")
    pathed: bool = False  # the page holds a link its words cannot tell from this one, and its
    # path can (the walker's, over the whole page): named by its path in every read
    label_said: str = ""  # its label whole (its base id holds the first words): twins alike in
    # those are told by the words where their labels part (two laptops' long titles, apart
    # in their processors: note 222)
    column: str = ""  # its grid column's header words, for twins the walker never parted
    own: tuple[str, ...] = ()  # its own markup name's words, for those too (read_twins.py)
    look: tuple[tuple[str, tuple[str, ...]], ...] = ()  # its class tokens and their words,
    # for those that show no words (read_twins.py look_tokens, read_parts.py; note 300)


def assign_ids(items: Sequence[Placed],
               numbered: list[tuple[int, int]] | None = None) -> list[str]:
    """Unique ids for ``items`` (document order), conflicts resolved as the module says.
    ``numbered``, when given, is filled with each item's (number, how many) among the items
    this read numbers in its order (the last resort among the read's own: (0, 0) for the
    others), so the reply can say which ids hold such a number."""
    ids = [item.base for item in items]
    said: list[list[str]] = [[item.base] for item in items]  # each id's parts, whole
    twins = [item.twin for item in items]  # each twin part as said (its section not twice)
    groups: dict[str, list[int]] = defaultdict(list)
    for i, item in enumerate(items):
        groups[item.base].append(i)
    for base, members in groups.items():
        if not (len(members) > 1 or any(items[i].repeated or items[i].ordinal_only
                                         for i in members)):
            continue
        for i in members:
            item = items[i]
            parts = [base]  # the id's parts, each a whole: what it already says
            if item.context:
                parts.append(f"near_{item.context}")
            elif item.place:
                parts.append(f"in_{item.place}")
            if item.pathed and item.path and not item.twin:
                # a link alike in label, row and destination to one the read may not hold:
                # its path, as a read holding both names it (the walker read the page)
                ids[i] = f"{base}_to_{item.path}"
                said[i] = [base, f"to_{item.path}"]
                continue
            if item.ordinal_only and item.mark.startswith("to_"):
                # a link with no words (an icon, an image with no alt): where it goes
                parts = [base, item.mark]
            elif not item.context and item.mark and not item.ordinal_only:
                parts.append(item.mark)
            elif not item.context and item.section and not item.ordinal_only:
                # no row, no mark of its own: the part of the page it sits in (the walker
                # reads it from the whole document, so every read says the same)
                parts.append(f"under_{item.section}")
            twin = item.twin
            for said_part in parts[1:]:  # (the twin's first place said already: its section)
                twin = twin.removeprefix(f"{said_part}_")
            twins[i] = twin
            if twin and twin not in parts:
                # a twin of the page (a menu laid out twice, a share bar above and below a
                # story): where it sits, as the walker read it over the whole page, so every
                # read says the same whether the other twin is in it or not. (Left out only
                # when one of the id's parts says it already, never for words that happen to
                # be in a part: a row's cell "5" beside its words "internet_explorer_5_0".)
                parts.append(twin)
            if item.number > 1:
                # nothing a person reads tells it from its alike twins: its number among
                # them in the page's order, the walker's, so every read numbers it alike
                parts.append(str(item.number))
            ids[i] = "_".join(parts)
            said[i] = parts
        counts = Counter(ids[i] for i in members)
        inners = [i for i in members if items[i].inner and counts[ids[i]] > 1]
        for i in inners:
            # a control inside its twin is the same control twice: it is the inner one,
            # and the outer one keeps the id the words above gave it (one control, one
            # name: the pair is no collision to part by nearby text)
            ids[i] = f"{ids[i]}_inner"
        counts = Counter(ids[i] for i in members)
        marks = Counter((ids[i], items[i].mark) for i in members)
        holders = Counter((ids[i], items[i].holder) for i in members)
        sections = Counter((ids[i], items[i].section) for i in members)
        tails = Counter((ids[i], items[i].tail) for i in members)
        row_tails = Counter((ids[i], items[i].row_tail) for i in members)
        paths = Counter((ids[i], items[i].path) for i in members)
        hints = Counter((ids[i], items[i].hint) for i in members)
        alike: dict[str, list[int]] = defaultdict(list)  # the members an id is shared by
        for i in members:
            alike[ids[i]].append(i)
        for i in members:
            item = items[i]
            if counts[ids[i]] <= 1:
                continue
            if item.context and item.mark and marks[ids[i], item.mark] < counts[ids[i]]:
                # the same row words: the element's own mark, where it tells them apart
                ids[i] = f"{base}_near_{item.context}_{item.mark}"
            elif item.holder and item.holder != item.mark and holders[
                    ids[i], item.holder] < counts[ids[i]]:
                # the same label, row and destination: the container tells them apart
                ids[i] = f"{ids[i]}_{item.holder}"
            elif item.section and f"under_{item.section}" not in said[i] and sections[
                    ids[i], item.section] < counts[ids[i]]:
                # the same label, row, destination and container: the part of the page
                # (a share bar under the headline, its twin under the last paragraph)
                ids[i] = f"{ids[i]}_under_{item.section}"
            elif item.context and item.row_tail and not _says(said[i], twins[i],
                                                               item.row_tail) and \
                    row_tails[ids[i], item.row_tail] < counts[ids[i]]:
                # rows alike in their first words: their last cell's (a time, a status);
                # rows alike in that too (an empty note's "NULL"): the first middle cell
                # that differs among them (a record's key), as rows alike in both ends are
                # that has words, not a number alone (the record's name over its key)
                cell = "" if row_tails[ids[i], item.row_tail] == 1 else _parting_cell(
                    item, [items[j] for j in alike[ids[i]] if items[j].row_tail == item.row_tail],
                    worded=True)
                ids[i] = f"{base}_near_{item.context}_{cell or item.row_tail}"
            elif item.context and (cell := _parting_cell(item, [items[j] for j in alike[
                    ids[i]]])):
                # rows alike in their first and last cells: the first middle cell that
                # differs among them (a project's progress, a record's status)
                ids[i] = f"{base}_near_{item.context}_{cell}"
            elif item.tail and tails[ids[i], item.tail] < counts[ids[i]]:
                # labels alike in their first words: their own last words part them
                ids[i] = f"{base}_{item.tail}"
            elif part := _label_part(item, [items[j] for j in alike[ids[i]]]):
                # labels alike in their first and last words: their own words from the
                # first one that differs among them
                ids[i] = f"{base}_{part}"
            elif item.path and paths[ids[i], item.path] < counts[ids[i]]:
                # links alike in label and place: where each one goes
                ids[i] = f"{base}_to_{item.path}"
            elif item.hint and hints[ids[i], item.hint] < counts[ids[i]]:
                # fields alike in label and place: what each asks for in its own box (the
                # placeholder a person reads in it)
                ids[i] = f"{ids[i]}_{item.hint}"
            elif not item.context and item.near:
                # (and the walker's twin part, as said: the docstring, note 291)
                ids[i] = f"{base}_near_{item.near}" + _near_tail(item, [
                    items[j] for j in alike[ids[i]] if items[j].near == item.near]) + (
                    f"_{twins[i]}" if twins[i] else "")
            elif item.context and item.place:  # the same row words in two regions
                # (what the walker parted the rows by stays: a pair of rows alike in two
                # tables is still told from the other pair)
                twin = f"_{item.twin}" if item.twin else ""
                ids[i] = f"{base}_near_{item.context}{twin}_in_{item.place}"
        for i in inners:
            # (pairs alike beyond their words, each parted above from the others: the inner
            # one of each pair is still that pair's inner one, note 328)
            if not ids[i].endswith("_inner"):
                ids[i] = f"{ids[i]}_inner"
    part_in_read(items, ids)
    if numbered is not None:
        numbered[:] = _read_numbers(ids)
    return _dedupe(ids)


def _read_numbers(ids: list[str]) -> list[tuple[int, int]]:
    """Each id's (number, how many) among the ids alike before ``_dedupe`` numbers them."""
    alike: dict[str, list[int]] = defaultdict(list)
    for i, value in enumerate(ids):
        alike[value].append(i)
    out = [(0, 0)] * len(ids)
    for same in alike.values():
        if len(same) > 1:
            for k, i in enumerate(same):
                out[i] = (k + 1, len(same))
    return out


def _says(parts: list[str], twin: str, words: str) -> bool:
    """Whether an id of ``parts`` says ``words`` already: one of its parts is them, or its twin
    part ends with them (the walker's row cells come last in it: ``under_orders_1_mar_2020``).
    Parts, never the id's text: a row's cell "5" is not said by ``near_internet_explorer_5_0``."""
    return words in parts or (twin in parts and twin.endswith(f"_{words}"))


def _near_tail(item: Placed, group: list[Placed]) -> str:
    """``_<words>``: up to three words of ``item``'s closest text after the words all of
    ``group``'s (the twins sharing its id and its nearest words) start with; "" when it is
    alone in them or its text has no more words (then it is numbered, the last resort)."""
    if len(group) < 2:
        return ""
    said = [_words(g.near_said) for g in group]
    same = 0
    while all(same < len(w) for w in said) and len({w[same] for w in said}) == 1:
        same += 1
    own = _words(item.near_said)[same:same + 3]
    return f"_{'_'.join(own)}" if own else ""


def _label_part(item: Placed, group: list[Placed]) -> str:
    """Up to three words of ``item``'s label from the first word where the labels of ``group``
    (the twins sharing its id) differ, a lone number at their end left out (``i3_4030u``, not
    ``i3_4030u_1``); "" when they do not differ or nothing of its own is left."""
    if len(group) < 2:
        return ""
    said = [_words(g.label_said) for g in group]
    if len({tuple(w) for w in said}) == 1:
        return ""
    same = 0
    while all(same < len(w) for w in said) and len({w[same] for w in said}) == 1:
        same += 1
    own = _words(item.label_said)[same:same + 3]
    while len(own) > 1 and own[-1].isdigit():
        own.pop()
    return "_".join(own)


def _words(text: str) -> list[str]:
    """Each word of ``text`` as an id says it."""
    return [w for w in (slug(part, 1) for part in re.split(r"\W+", text[:400])) if w]


def _parting_cell(item: Placed, group: list[Placed], worded: bool = False) -> str:
    """The words of ``item``'s first middle row cell that differ among the rows of ``group``
    (the twins sharing its id), where its own words are not every row's; "" when none.
    ``worded``: the first such cell with a letter in it where one differs (a record's name
    before its key's number), else the first."""
    first = None
    for k, own in enumerate(item.row_cells):
        said = [g.row_cells[k] if k < len(g.row_cells) else "" for g in group]
        if len(set(said)) > 1:
            cell = own if own and said.count(own) < len(said) else ""
            if not worded or re.search(r"[^\W\d_]", cell):
                return cell
            if first is None:
                first = cell
    return first or ""


def _dedupe(ids: list[str]) -> list[str]:
    """A suffixed id may equal another element's plain one: number the later ones."""
    seen: set[str] = set()
    out = []
    for value in ids:
        candidate, n = value, 2
        while candidate in seen:
            candidate = f"{value}_{n}"
            n += 1
        seen.add(candidate)
        out.append(candidate)
    return out
