"""The element index: ``{id, type, label, actions, state, region, bounds, relations, handle}``.

Every control a person can use (the walker's interactive records, a ``<label>`` folded into
its control), named images and videos. Hidden ones (see :mod:`.hidden`) are left out: a
person cannot use them, and a page can plant them for an agent. Values are redacted with the
same decision as every other output (pipeline/redaction.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.elements import select_interactive
from axsnap_host.pipeline.elements.model import ElementFacts, dom_role, element_facts
from axsnap_host.pipeline.redaction import mask, scrub_text, scrub_url
from axsnap_host.pipeline.secrets import SecretFields
from axsnap_host.pipeline.text_clean import clean_text
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.id_rows import context_of, row_cells, row_tail
from axsnap_host.semantic.id_words import (
    arrow_word,
    container,
    label_tail,
    minus,
    near_said,
    own_mark,
    path_tail,
    picture_title,
    section_of,
    twin_cells,
    twin_number,
    twin_path,
    twin_words,
    without_badge,
)
from axsnap_host.semantic.ids import (
    IdSource,
    Placed,
    assign_ids,
    base_id,
    label_of,
    picture_base,
    slug,
)
from axsnap_host.semantic.read_twins import grid_column, look_tokens, own_name

WEAK = frozenset({"pointer", "clickable"})
INNER_UP = 4  # ancestors looked at for the control a control sits in
INPUT_KINDS = {"password": "password_input", "checkbox": "checkbox", "radio": "radio",
               "file": "file_input", "submit": "button", "button": "button", "reset": "button",
               "image": "button"}
ROLE_KINDS = {"button": "button", "link": "link", "checkbox": "checkbox", "switch": "checkbox",
              "radio": "radio", "tab": "tab", "menuitem": "menu_item",
              "menuitemcheckbox": "menu_item", "menuitemradio": "menu_item",
              "option": "list_item", "listitem": "list_item", "textbox": "text_input",
              "searchbox": "text_input", "combobox": "text_input", "treeitem": "list_item"}
ACTIONS = {"button": ["click"], "link": ["click", "open"], "text_input": ["type", "clear"],
           "password_input": ["type", "clear"], "textarea": ["type", "clear"],
           "checkbox": ["check", "uncheck"], "radio": ["select"], "select": ["select_option"],
           "file_input": ["upload"], "image": [], "video": ["play", "pause"], "tab": ["select"],
           "menu_item": ["click"], "list_item": ["click"]}
_TOGGLES = frozenset({"switch", "checkbox", "radio"})
HIDING_OUT = frozenset({"opacity_0", "clipped", "tiny_box", "zero_size", "off_screen",
                        "text_indent"})


@dataclass
class Element:
    node: Node
    kind: str
    source: IdSource
    region: str
    place: str
    id: str = ""
    context: str = ""
    record: dict[str, Any] = field(default_factory=dict)
    model: ElementFacts | None = None  # the element model's facts (its states)
    section: str = ""  # where it sits, as the walker read it in the page (see section_of)
    near: str = ""  # the closest other text, for twins outside any row
    twin: str = ""  # what tells it from the page's twins (the walker's ``tw``, see ids.py)
    cell: str = ""  # of those, its table row's cells' words (the ``cell:`` parts of ``tw``)
    alike: tuple[int, int] = (0, 0)  # (number, how many) among twins nothing tells apart
    alike_over: str = "page"  # numbered over the whole page (the walker's) or in this "read"
    title: str = ""  # a link showing no words: the words of the link with words to its address
    pictures: bool = False  # it is that title's picture, and is named by it (``link_for_...``)
    # the words a person reads on it where the id's leave a badge's count out ("Published
    # (6)" for ``link_published``): the label says the count, the id stays as the data moves
    shown: str = ""


# A button or link in a box this wide and high, its words indented out of it (the image
# replacement of a sprite's icon), is a control a person sees; its words, what a screen reader
# says, name it. Not an icon drawn inside another control (a checkbox's check mark: note 299).
SEEN_BOX_PX = 8


def _hidden_out(node: Node, reasons: list[str]) -> bool:
    """Whether a control is out of a person's sight by its ``hiding`` reasons."""
    out = HIDING_OUT.intersection(reasons)
    if out != {"text_indent"}:
        return bool(out)
    native = node.tag == "button" or (node.tag == "a" and "href" in node.attrs) or \
        node.role in ("button", "link") or (node.tag == "input" and node.attrs.get(
            "type", "").lower() in ("button", "submit", "image", "reset"))
    return not native or min(node.box[2], node.box[3]) < SEEN_BOX_PX


def element_kind(node: Node) -> str | None:
    """The spec's element type of an interactive or media node, None if it is neither."""
    tag, attrs = node.tag, node.attrs
    if tag == "input":
        kind = attrs.get("type", "text").lower()
        return None if kind == "hidden" else INPUT_KINDS.get(kind, "text_input")
    if node.role in ROLE_KINDS:
        return ROLE_KINDS[node.role]
    fixed = {"textarea": "textarea", "select": "select", "button": "button",
             "summary": "button", "video": "video"}
    if tag in fixed:
        return fixed[tag]
    if tag == "a" and "href" in attrs:
        return "link"
    if tag == "img":
        return "image" if attrs.get("alt") else None
    if "editable" in node.reasons:
        return "textarea"
    if tag == "li":
        return "list_item"
    return "button"


def _interactive(node: Node, interactive_ancestor: bool, listed: bool) -> bool:
    """``listed``: DOM text lists the node as a control. A node only a pointer or a click
    listener marks is a control where DOM text lists it: the rows of a list with one
    listener for them are, the container holding that listener is not (issue 30)."""
    reasons = set(node.reasons) - {"label"}
    if node.tag in ("html", "body", "label", "option"):
        return False
    if reasons <= WEAK:
        return listed or (node.tag in ("img", "video") and not interactive_ancestor)
    return True


def _labels(facts: PageFacts) -> tuple[dict[str, str], dict[int, str]]:
    """(label text by ``for`` id, wrapping label text by label rid)."""
    by_for: dict[str, str] = {}
    wrapping: dict[int, str] = {}
    for node in facts.nodes:
        if node.tag == "label" and node.text:
            if node.attrs.get("for"):
                by_for.setdefault(node.attrs["for"], node.text)
            wrapping[node.rid] = node.text
    return by_for, wrapping


def _unseen_labels(facts: PageFacts, hiding: list[list[str]]) -> set[str]:
    """The ``for`` ids of the labels a person cannot see (visually hidden: clipped, a 1-pixel
    box), which name their field for a screen reader only."""
    return {node.attrs["for"] for node in facts.nodes if node.tag == "label" and node.text
            and node.attrs.get("for") and HIDING_OUT & set(hiding[node.rid])}


def _said_more(label: str, placeholder: str, name: str) -> str:
    """``placeholder`` where it holds every word of ``label`` and more, else ``name``."""
    said, shown = slug(label).split("_"), slug(placeholder).split("_")
    return placeholder.strip() if all(said) and set(said) < set(shown) else name


def _first_option(record: dict[str, Any]) -> str:
    """A select's first option ("Country"): what it shows before anyone chooses, the only
    words a person reads on a select with no label (its first, not its chosen one, so its name
    stays when a person chooses)."""
    options = record.get("opts")
    return str(options[0]) if isinstance(options, list) and options else ""


def _row_place(node: Node, facts: PageFacts, row_numbers: dict[int, int]) -> str:
    """``row_N`` for an element in a table row (N: the row's place among its siblings; the
    record's relations only, never its id). ``row_numbers`` memoizes the numbering per table
    section."""
    for ancestor in facts.ancestors(node)[:8]:
        if ancestor.tag == "tr":
            if ancestor.rid not in row_numbers and ancestor.parent >= 0:
                rows = [c for c in facts.nodes[ancestor.parent].children if _data_row(facts, c)]
                row_numbers.update({rid: n for n, rid in enumerate(rows, 1)})
            number = row_numbers.get(ancestor.rid)
            return f"row_{number}" if number else "row"
    return ""


def _data_row(facts: PageFacts, rid: int) -> bool:
    """A table row with data cells (a header row of <th> only is not counted)."""
    row = facts.nodes[rid]
    return row.tag == "tr" and any(facts.nodes[c].tag == "td" for c in row.children)


FIELD_TAGS = frozenset({"input", "select", "textarea"})
CAPTION_CHARS = 40


def _caption(parent_text: str, node: Node) -> str:
    """The words a person reads as a field's name when no label is tied to it: the short
    text of its parent ("<p>Username <input></p>", "<div><label>To</label><input>")."""
    text = minus(parent_text, node.value or "").strip()
    return text if 0 < len(text) <= CAPTION_CHARS else ""


def _model_facts(facts: PageFacts, node: Node) -> ElementFacts | None:
    """The element model's facts of ``node``'s record (None without the walker's person
    facts). The one place the semantic view reads the element model."""
    if node.rid >= len(facts.joined):
        return None
    joined = facts.joined[node.rid]
    if "nm" not in joined.rec and "ctx" not in joined.rec:
        return None
    box = tuple(int(v) for v in node.box)
    return element_facts(joined, dom_role(joined), "", (box[0], box[1], box[2], box[3]))


def index_elements(facts: PageFacts, region_of: list[str], hiding: list[list[str]],
                   secrets: SecretFields | None) -> list[Element]:
    """Named, placed, redacted elements in document order. ``secrets``: the capture's one
    redaction decision per element (pipeline/secrets.py); None when redaction is off."""
    by_for, wrapping = _labels(facts)
    unseen_for = _unseen_labels(facts, hiding)
    chosen: list[Element] = []
    interactive: set[int] = set()
    under = [False] * len(facts.nodes)  # below an interactive element (parents come first)
    row_numbers: dict[int, int] = {}
    # what DOM text lists (the element model's controls), shown or not
    listed = {j.rid for j, _ in select_interactive(facts.joined, SnapshotOptions(),
                                                    present=True)}
    for node in facts.nodes:
        parent = node.parent
        inside = 0 <= parent < len(under) and (under[parent] or parent in interactive)
        under[node.rid] = inside
        model = _model_facts(facts, node)
        # a <label> in front of its visually hidden radio or checkbox is that control
        behind = node.tag == "label" and node.rid in listed and model is not None \
            and model.role in ("radio", "checkbox")
        if not behind and not _interactive(node, inside, node.rid in listed):
            continue
        ancestors = facts.ancestors(node)
        if _hidden_out(node, hiding[node.rid]) or (node.box[2] <= 0 and node.box[3] <= 0):
            continue
        kind = element_kind(node)
        if model is not None and model.role in _TOGGLES and (behind or kind == "button"):
            kind = ROLE_KINDS[model.role]  # a class-drawn switch, a label's hidden radio
        if kind is None:
            continue
        interactive.add(node.rid)
        label_text = by_for.get(node.attrs.get("id", ""), "")
        if not label_text:
            label_text = next((wrapping[a.rid] for a in ancestors if a.rid in wrapping), "")
        visible = node.text if kind in ("button", "link", "tab", "menu_item", "list_item") or (
            node.tag not in FIELD_TAGS and kind in ("checkbox", "radio")) else ""
        record = facts.joined[node.rid].rec if node.rid < len(facts.joined) else {}
        source = IdSource(
            kind=kind,
            aria=node.attrs.get("aria-label", "") or node.labelled_by,
            text=label_text or visible or (node.value or "" if kind == "button" else ""),
            hint=node.attrs.get("placeholder", "") or node.attrs.get("title", "")
            or node.attrs.get("alt", "") or str(record.get("hint") or ""),
            name=node.attrs.get("name", ""),
            input_type=node.attrs.get("type", "") if node.tag == "input" else "",
        )
        if model is not None and model.name and model.name_source not in ("placeholder",):
            # The element model's name (pipeline/elements/model.py): what every other output
            # of the read calls this control, read in the page (a label out of the window too).
            source.text = model.name
            source.aria = source.aria if model.name_source.startswith("aria") else ""
        if not label_of(source)[0] and node.ax_name:
            source.text = node.ax_name
        if not label_of(source)[0] and node.tag in FIELD_TAGS:
            source.text = _caption(str(record.get("ptx") or ""), node)
        if node.attrs.get("id") in unseen_for and not source.aria:
            # A label a person cannot see (visually hidden for a screen reader: "Search")
            # names nothing they read; the placeholder shown in the box says it and more
            # ("Search for products"), and is the name (an example value, "name@company.com",
            # says something else: the label stays).
            source.text = _said_more(by_for.get(node.attrs["id"], ""),
                                     node.attrs.get("placeholder", ""), source.text)
        if not label_of(source)[0] and node.tag == "select":
            source.hint = _first_option(record)
        counted, source.text = source.text, without_badge(source.text, node, facts)
        place = _row_place(node, facts, row_numbers) or region_of[node.rid]
        chosen.append(Element(node, kind, source, region_of[node.rid], place, model=model,
                              shown=counted if counted != source.text else ""))
    repeated_on_page = {slug(label) for label in facts.tally.get("repeated") or []
                        if isinstance(label, str)}
    placed = []
    grids: dict[int, dict[str, str]] = {}  # each grid's column headers (read_twins.py)
    records = [facts.joined[el.node.rid].rec if el.node.rid < len(facts.joined) else {}
               for el in chosen]
    for el, record in zip(chosen, records, strict=True):
        el.title = picture_title(str(record.get("tw") or ""))
    base_of = {el.node.rid: picture_base(el.source, el.title) for el in chosen}
    for el, record in zip(chosen, records, strict=True):
        base = base_of[el.node.rid]
        if base != base_id(el.source):
            el.pictures = True
        # a picture is named, placed and told from its twins as its title link is
        label = el.title if el.pictures else label_of(el.source)[0]
        el.context = context_of(el.node, facts, label)
        said_near = "" if el.context else near_said(el.node, facts, slug(label))
        near = el.near = slug(said_near, 3)
        mark = own_mark(el.kind, el.node, facts)
        holder = container(el.node, facts)
        holder = f"at_{holder}" if holder else ""
        el.twin = twin_words(str(record.get("tw") or ""))
        el.cell = twin_cells(str(record.get("tw") or ""))
        el.alike = twin_number(str(record.get("tw") or ""))
        # a twin of the page (the walker's), an icon-only button too, is qualified in every
        # read, whether its twin is in this one or not
        repeated = (bool(label) and slug(label) in repeated_on_page) or bool(el.twin) or \
            bool(el.alike[0])
        el.section = section_of(el.model.context if el.model is not None else "", label,
                                el.context, _region_kind(el.region))
        placed.append(Placed(base, _region_kind(el.region), el.context, near,
                             ordinal_only=not label, repeated=repeated, mark=mark,
                             holder=holder, section=el.section, twin=el.twin,
                             tail=_arrow(el) or label_tail(label, base_id(IdSource(
                                 el.kind, text=label))),
                             row_tail=row_tail(el.node, facts, label) if el.context else "",
                             row_cells=row_cells(el.node, facts, label) if el.context else (),
                             path=path_tail(el.node.attrs.get("href", "")) if el.kind in (
                                 "link", "menu_item") else "",
                             inner=any(base_of.get(a.rid) == base
                                       for a in facts.ancestors(el.node)[:INNER_UP]),
                             hint=_own_hint(el.source), number=el.alike[0],
                             near_said=said_near, label_said=label,
                             pathed=twin_path(str(record.get("tw") or "")),
                             column=grid_column(el.node, facts, grids),
                             own=own_name(el.node),
                             look=look_tokens(el.node, facts) if not label else ()))
    read_numbers: list[tuple[int, int]] = []
    for el, value, in_read in zip(chosen, assign_ids(placed, read_numbers), read_numbers,
                                  strict=True):
        el.id = value
        if in_read[0] and not el.alike[0]:
            el.alike, el.alike_over = in_read, "read"
        kind = secrets.kind_of_record(facts.joined[el.node.rid]) if secrets is not None else None
        el.record = _record(el, facts, secrets is not None, kind)
    return chosen


def _region_kind(region: str) -> str:
    """A region id without its counter (``navigation_2`` → ``navigation``)."""
    head, _, tail = region.rpartition("_")
    return head if head and tail.isdigit() else region


def _arrow(el: Element) -> str:
    """``previous``/``next`` for a pager's arrow named by its context (id_words.arrow_word):
    what parts a table's « from its » where both are named by the table's heading."""
    if el.model is None or el.model.name_source != "context" or not el.model.description:
        return ""
    return arrow_word(el.model.description.split()[0])


def _own_hint(source: IdSource) -> str:
    """A field's placeholder or title words where its label is something else, else ""."""
    if source.kind not in ("text_input", "password_input", "textarea") or \
            label_of(source)[1] == "hint":
        return ""
    return slug(source.hint, 3)


def _state(node: Node, redact: bool, secret: str | None,
           model: ElementFacts | None = None) -> dict[str, Any]:
    attrs = node.attrs
    state: dict[str, Any] = {}
    if node.value is not None or node.filled is not None:
        value = node.value or ""
        if secret or (node.filled is not None and redact):
            state["value"] = mask("x" if (node.filled or value) else "")
        elif redact:
            state["value"] = scrub_text(value)[0]
        else:
            state["value"] = value if node.filled is None else ("[filled]" if node.filled else "")
    if node.checked is not None or attrs.get("aria-checked") in ("true", "false"):
        state["checked"] = bool(node.checked) or attrs.get("aria-checked") == "true"
    for name, key in (("selected", "aria-selected"), ("expanded", "aria-expanded")):
        if attrs.get(key) in ("true", "false"):
            state[name] = attrs[key] == "true"
    if node.disabled or "disabled" in attrs or attrs.get("aria-disabled") == "true":
        state["disabled"] = True
    if "required" in attrs or attrs.get("aria-required") == "true":
        state["required"] = True
    if attrs.get("aria-invalid") in ("true", "grammar", "spelling"):
        state["invalid"] = True
    if model is not None:  # the element model's states, as every other output says them
        state.update({key: said for key in ("checked", "selected", "expanded")
                      if isinstance(said := model.states.get(key), bool)})
        if model.role == "combobox" and model.value is not None and "value" not in state:
            state["value"] = scrub_text(model.value)[0] if redact else model.value
        # a button its label names shows its value in its own words (a drop-down drawn as a
        # button: Zabbix's "Time zone" showing "System default: (UTC+00:00) UTC"; note 299)
        shown = clean_text(node.text)  # (an icon font's glyph beside the value is no word)
        if model.role == "button" and model.name_source == "label" and shown \
                and shown != model.name and "value" not in state:
            state["value"] = scrub_text(shown)[0] if redact else shown
    return state


def _record(el: Element, facts: PageFacts, redact: bool, secret: str | None
            ) -> dict[str, Any]:
    node = el.node
    label, said = label_of(el.source)
    text = el.shown or el.source.text
    if said == "text":
        label = text.strip()
    if redact:
        label = scrub_text(label)[0]
    relations: dict[str, Any] = {}
    if text and text != node.text:
        relations["label"] = text if not redact else scrub_text(text)[0]
    for key, rel in (("aria-controls", "controls"), ("aria-describedby", "described_by")):
        if node.attrs.get(key):
            relations[rel] = node.attrs[key].split()
    if el.context:
        relations["context"] = el.context
    # the other words the id was made of, so a reader sees where each came from
    if el.section and f"_under_{el.section}" in el.id:
        relations["section"] = el.section
    if el.near and f"_near_{el.near}" in el.id:
        relations["near"] = el.near
    if el.twin and f"_{el.twin}" in el.id:
        relations["twin"] = el.twin
        if el.cell:  # the row's cell that parts it from the page's alike rows
            relations["cell"] = el.cell
    if el.alike[0]:
        # nothing a person reads tells it from its alike twins: its id holds its number among
        # them, in the page's order over the whole page (every read says it alike) or among
        # this read's elements only (another read may number it otherwise)
        relations["alike"] = {"number": el.alike[0], "of": el.alike[1], "over": el.alike_over}
    if el.pictures:  # the title link it is the picture of, read over the whole page
        relations["for"] = scrub_text(el.title)[0] if redact else el.title
    if el.place.startswith("row_"):
        relations["row"] = int(el.place.split("_")[1]) if el.place[4:].isdigit() else None
        cell = next((a for a in facts.ancestors(node)[:6] if a.tag in ("td", "th")), None)
        if cell is not None and cell.parent >= 0:
            cells = [c for c in facts.nodes[cell.parent].children
                     if facts.nodes[c].tag in ("td", "th")]
            relations["column"] = cells.index(cell.rid) + 1 if cell.rid in cells else None
    record: dict[str, Any] = {
        "id": el.id, "type": el.kind, "label": label, "actions": list(ACTIONS[el.kind]),
        "state": _state(node, redact, secret, el.model), "region": el.region,
        "bounds": [round(v) for v in node.box], "relations": relations,
    }
    if node.tag == "a" and node.attrs.get("href"):
        href = node.attrs["href"]
        record["href"] = scrub_url(href)[0] if redact else href
    return record
