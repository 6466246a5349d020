"""Compact, filter and depth on a recorded capture (tests/fixtures/outline_compact.json:
tests/pages/outline/compact.html — deep wrappers, controls in every state, a task table)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.pipeline.outline.compact import compact as compact_lines
from axsnap_host.pipeline.outline.lines import OutlineLine
from host_harness import outline_of
from outline_text import ancestors

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# [id] role: name = "value" [state, ...]   (id optional in compact lines)
LINE = re.compile(r"^(?P<indent>(?:  )*)(?:\[(?P<id>\d+-\w+)\] )?(?P<role>[^:\[\]=]+?)"
                  r"(?:: (?P<name>.*?))?(?: = (?P<value>\".*\"))?(?: \[(?P<state>[^\]]+)\])?$")
SECRET = "hunter2-Secret-99"


def raw(name: str = "compact") -> dict[str, Any]:
    return json.loads((FIXTURES / f"outline_{name}.json").read_text(encoding="utf-8"))


def outline(data: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    return outline_of(data or raw(), **options)


def parsed(tree: str) -> list[dict[str, Any]]:
    out = []
    for line in tree.splitlines():
        match = LINE.match(line)
        assert match, f"not an outline line: {line!r}"
        item = match.groupdict()
        item["depth"] = len(item["indent"]) // 2
        item["state"] = set((item["state"] or "").split(", ")) - {""}
        out.append(item)
    return out


def by_name(lines: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {x["name"]: x for x in lines if x["name"]}


@pytest.fixture(scope="module")
def full() -> list[dict[str, Any]]:
    return parsed(outline()["combinedTree"])


@pytest.fixture(scope="module")
def compact() -> dict[str, Any]:
    return outline(compact=True)


def test_default_output_is_unchanged_by_the_new_options(full: list[dict[str, Any]]) -> None:
    """No compact, no budget: the familiar ``[id] role: name`` lines, every one with an id."""
    assert all(x["id"] and x["value"] is None and not x["state"] for x in full)
    result = outline()
    assert "budget" not in result and result["stats"].get("compacted") is None


def test_every_interactive_line_and_its_ancestors_stay(full: list[dict[str, Any]],
                                                       compact: dict[str, Any]) -> None:
    lines = parsed(compact["combinedTree"])
    ids = {x["id"] for x in lines if x["id"]}
    controls = [x for x in full if x["role"] in {
        "button", "link", "textbox", "checkbox", "radio", "select", "option", "tab",
        "DisclosureTriangle"}]
    assert len(controls) >= 25
    assert {x["id"] for x in controls} <= ids
    # buttons and links keep their place: the named containers above them are still there
    names = by_name(lines)
    assert [a["name"] for a in ancestors(lines, lines.index(names["Open only"]))][:2] == [
        None, "Settings"]  # list > form: Settings
    assert "Views" in {a["name"] for a in ancestors(lines, lines.index(names["Board"]))}
    assert "Tasks" in {a["name"] for a in ancestors(lines, lines.index(names["Delete Call Bob"]))}
    assert "Main" in {a["name"] for a in ancestors(lines, lines.index(names["Help"]))}
    # every id in the maps is a line of the text, and every control id is mapped
    assert set(compact["combinedXpathMap"]) <= ids
    assert {x["id"] for x in controls if x["role"] != "option"} <= set(compact["combinedXpathMap"])


def test_ref_less_wrapper_branches_disappear(full: list[dict[str, Any]],
                                             compact: dict[str, Any]) -> None:
    lines = parsed(compact["combinedTree"])
    assert len(lines) < len(full)
    # <label> wrappers, <td> wrappers of a single control, the select's popup: folded
    roles = [x["role"] for x in lines]
    assert "LabelText" not in roles and "MenuListPopup" not in roles
    assert "cell: Done: Write report" not in compact["combinedTree"]
    # the deep button sits right under main, not under six <div>s
    deep = by_name(lines)["Deep button"]
    assert [a["role"] for a in ancestors(lines, lines.index(deep))] == ["main", "RootWebArea"]
    # the "·" branch (a wrapper over punctuation) is gone; it was in the full outline
    assert any(x["name"] == "·" for x in full)
    assert not any(x["name"] == "·" for x in lines)
    # structure lines carry no id; controls, headings and cells do
    for line in lines:
        if line["role"] in ("row", "list", "main", "form", "navigation", "tablist", "table"):
            assert line["id"] is None, line
    assert by_name(lines)["Account settings"]["id"] and by_name(lines)["Write report"]["id"]


def test_unpruned_tree_loses_its_empty_wrapper_branches() -> None:
    """pruned=False keeps every AX node: empty lists, separators, generic chains; compact
    drops every branch that holds nothing but ref-less wrappers."""
    everything = parsed(outline(pruned=False)["combinedTree"])
    lines = parsed(outline(pruned=False, compact=True)["combinedTree"])
    assert any(x["role"] == "ListMarker" for x in everything)
    assert any(x["role"] == "separator" for x in everything)
    roles = {x["role"] for x in lines}
    assert not roles & {"ListMarker", "separator", "div", "generic", "LabelText", "listitem"}
    assert len(lines) < len(everything) / 2
    # nothing was lost: the pruned compact output and this one name the same controls
    pruned = parsed(outline(compact=True)["combinedTree"])
    assert {x["id"] for x in pruned if x["id"]} <= {x["id"] for x in lines if x["id"]}


def test_states_and_values_stay_on_their_lines(compact: dict[str, Any]) -> None:
    names = by_name(parsed(compact["combinedTree"]))
    assert names["Email me"]["state"] == {"checked"}
    assert names["SMS alerts"]["state"] == set()
    assert names["Beta features"]["state"] == {"disabled"}
    assert names["Medium"]["state"] == {"checked"} and names["Small"]["state"] == set()
    assert names["Bold"]["state"] == {"pressed"}
    assert names["Menu"]["state"] == {"collapsed"}
    assert names["Filters"]["state"] == {"expanded"}
    assert names["Save"]["state"] == {"disabled"}
    assert names["List"]["state"] == {"selected"} and names["Board"]["state"] == set()
    assert names["Advanced"]["state"] == {"collapsed"}
    assert names["Pro"]["state"] == {"selected"}
    assert names["Plan"]["value"] == '"Pro"'
    assert names["Name"]["value"] == '"Ada Lovelace"'
    # a secret field says it is filled, and nothing else
    assert names["Password"]["value"] is None and names["Password"]["state"] == {"filled"}
    assert SECRET not in json.dumps(compact)
    assert "[redacted" not in compact["combinedTree"]


def test_compact_on_a_focused_read() -> None:
    full = parsed(outline()["combinedTree"])
    form = next(x["id"] for x in full if x["name"] == "Settings")
    focused = outline(focus=form, compact=True)
    lines = parsed(focused["combinedTree"])
    assert lines[0]["name"] == "Settings" and lines[0]["depth"] == 0
    assert {"Name", "Password", "Email me", "Plan", "Open only", "Save"} <= set(by_name(lines))
    assert "Account settings" not in focused["combinedTree"]
    assert "Delete Call Bob" not in focused["combinedTree"]
    assert by_name(lines)["Email me"]["state"] == {"checked"}
    assert "LabelText" not in focused["combinedTree"]
    assert focused["focus"]["elementId"] == form
    assert set(focused["combinedXpathMap"]) <= {x["id"] for x in lines if x["id"]}


def test_interactive_filter_keeps_controls_and_their_ancestors() -> None:
    result = outline(filter="interactive", compact=True)
    lines = parsed(result["combinedTree"])
    assert "Far below the fold." not in result["combinedTree"]
    assert "Account settings" not in result["combinedTree"]  # a heading, not a control
    assert {"Deep button", "Email me", "Terms", "Delete Write report"} <= set(by_name(lines))
    assert result["stats"]["filtered"] > 0
    plain = parsed(outline(filter="interactive")["combinedTree"])  # without compact
    assert all(x["id"] for x in plain)
    assert {"Email me", "Terms"} <= set(by_name(plain))


def test_depth_keeps_the_top_levels_and_marks_the_cut() -> None:
    result = outline(compact=True, depth=3)
    tree = result["combinedTree"]
    lines = tree.splitlines()
    markers = [line for line in lines if line.strip().startswith("…")]
    # levels 0..2 stay; a marker sits where the cut lines were, under their parent
    assert all(len(line) - len(line.lstrip(" ")) <= 2 * 2 for line in lines
               if line not in markers)
    assert all(len(line) - len(line.lstrip(" ")) == 2 * 3 for line in markers)
    assert markers and all("(depth limit)" in line for line in markers)
    total = sum(int(re.search(r"… (\d+) nodes? elided", m)[1]) for m in markers)
    everything = outline(compact=True)["combinedTree"].splitlines()
    kept = len(lines) - len(markers)
    assert total == len(everything) - kept == result["stats"]["depth_cut"]


def lines_of(*rows: tuple[int, str, str, str]) -> list[OutlineLine]:
    """Outline lines from (depth, role, name, kind) rows in document order."""
    out: list[OutlineLine] = []
    stack: list[int] = []
    for i, (depth, role, name, kind) in enumerate(rows):
        del stack[depth:]
        out.append(OutlineLine(key=f"0-{i}", depth=depth, role=role, name=name, kind=kind,
                               parent=stack[-1] if stack else -1))
        stack.append(i)
    return out


def test_text_inside_an_unnamed_control_names_it() -> None:
    lines = lines_of((0, "RootWebArea", "Page", "document"),
                     (1, "div", "", "interactive"),
                     (2, "StaticText", "Read next:", "text"),
                     (2, "StaticText", "Tide tables", "text"))
    shown = [(line.depth, line.name, line.ref) for line in compact_lines(lines)]
    assert shown == [(0, "Page", False), (1, "Read next: Tide tables", True)]


def test_text_split_by_inline_markup_is_one_line() -> None:
    """Sibling text lines join only where the seam says they are one inline run, and
    exactly as it says (no space where the page has none)."""
    lines = lines_of((0, "RootWebArea", "Page", "document"),
                     (1, "paragraph", "", "structure"),
                     (2, "StaticText", "Keep the", "text"),
                     (2, "StaticText", "key", "text"),  # was <em>key</em>
                     (2, "StaticText", "safe. See", "text"),
                     (2, "link", "timeouts", "interactive"),
                     (2, "StaticText", "for limits.", "text"),
                     (1, "paragraph", "", "structure"),
                     (2, "StaticText", 'Enter "', "text"),
                     (2, "StaticText", "Ann", "text"),  # <b>Ann</b>
                     (2, "StaticText", '".', "decorative"),
                     (2, "StaticText", "Next block.", "text"))
    seams = {("0-2", "0-3"): " ", ("0-3", "0-4"): " ", ("0-8", "0-9"): "",
             ("0-9", "0-10"): ""}  # 0-10 → 0-11: another block

    def seam(a: str, b: str) -> str | None:
        return seams.get((a, b))

    shown = [(line.depth, line.role, line.name) for line in compact_lines(lines, seam)]
    assert shown == [(0, "RootWebArea", "Page"),
                     (1, "paragraph", ""),
                     (2, "text", "Keep the key safe. See"),
                     (2, "link", "timeouts"),
                     (2, "text", "for limits."),
                     (1, "paragraph", ""),
                     (2, "text", 'Enter "Ann".'),
                     (2, "text", "Next block.")]
    # without a seam nothing is joined: every kept line is one node's text
    alone = [line.name for line in compact_lines(lines) if line.role == "text"]
    assert alone == ["Keep the", "key", "safe. See", "for limits.", 'Enter "', "Ann",
                     "Next block."]
