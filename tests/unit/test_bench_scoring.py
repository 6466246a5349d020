"""bench/reference/scoring.py: matching tool items to the reference, recall and precision."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from reference.model import RefElement, Reference, ToolItem
from reference.scoring import match_by_name, normalize_name, score


def ref(path: str, role: str, name: str, backend: int | None = None,
        y: float = 10.0, tag: str = "button") -> RefElement:
    return RefElement("F", path, backend, tag, role, name, (10.0, y, 50.0, 20.0), ("native",))


def test_normalize_drops_case_quotes_and_whitespace_and_caps_length() -> None:
    assert normalize_name('  View  "Item"\n 3 ') == "viewitem3"
    assert normalize_name("INV-1031 €480.00 Paid") == normalize_name("INV-1031€480.00Paid")
    assert len(normalize_name("x" * 500)) == 80


def test_by_id_counts_recall_precision_and_window() -> None:
    reference = [ref("0", "button", "A", 1), ref("1", "link", "B", 2, y=2000),
                 ref("2", "link", "C", 3, y=3000), ref("3", "textbox", "D", 4)]
    window = [reference[0], reference[3]]
    items = [ToolItem("button", backend_node_id=1), ToolItem("link", backend_node_id=2),
             ToolItem("generic", backend_node_id=99), ToolItem("button", backend_node_id=1)]
    result = score(reference, window, items)
    assert result.by == "id"
    assert result.recall == pytest.approx(2 / 4)
    assert result.recall_window == pytest.approx(1 / 2)
    # the node listed twice counts once: 3 distinct items, 2 right
    assert result.items == 3
    assert result.precision == pytest.approx(2 / 3)
    assert [reference[i].name for i in result.missed] == ["C", "D"]
    assert [items[k].backend_node_id for k in result.extra] == [99]


def test_neutral_ids_leave_precision() -> None:
    reference = [ref("0", "combobox", "Country", 1)]
    items = [ToolItem("combobox", backend_node_id=1), ToolItem("option", backend_node_id=5),
             ToolItem("generic", backend_node_id=6)]
    result = score(reference, reference, items, neutral_ids={5})
    assert result.neutral == 1
    assert result.precision == pytest.approx(1 / 2)


def test_by_name_passes_exact_prefix_and_any_role() -> None:
    reference = [ref("0", "button", "Sign in"), ref("1", "textbox", "Password"),
                 ref("2", "generic", "Read next: tide tables", tag="div"),
                 ref("3", "link", "Council minutes", tag="a")]
    items = [ToolItem("button", "Sign in"),
             ToolItem("textbox", "Password hint"),  # reference name is a prefix
             ToolItem("row", "Read next: tide tables"),  # same name, other role
             ToolItem("link", "Somewhere else")]
    pairs = match_by_name(reference, items)
    assert pairs == {0: 0, 1: 1, 2: 2}
    result = score(reference, reference, items)
    assert result.by == "role+name"
    assert result.recall == pytest.approx(3 / 4)
    assert result.precision == pytest.approx(3 / 4)


def test_by_name_item_prefix_of_reference_and_short_names_stay_exact() -> None:
    reference = [ref("0", "link", "View item 12 in the catalog"), ref("1", "button", "OK")]
    items = [ToolItem("link", "View item 12"), ToolItem("button", "O")]
    assert match_by_name(reference, items) == {0: 0}


def test_by_name_duplicates_follow_document_order() -> None:
    reference = [ref(str(i), "link", "Details", y=100.0 * i) for i in range(4)]
    window = reference[:2]
    result = score(reference, window, [ToolItem("link", "Details")] * 2)
    assert result.recall == pytest.approx(0.5)
    assert result.recall_window == pytest.approx(1.0)
    assert result.precision == pytest.approx(1.0)


def test_by_name_neutral_options_are_excused() -> None:
    reference = [ref("0", "combobox", "Version")]
    neutral = [ref("0/0", "option", "v3.2", tag="option")]
    items = [ToolItem("combobox", "Version"), ToolItem("option", "v3.2"),
             ToolItem("button", "Ghost")]
    result = score(reference, reference, items, neutral=neutral)
    assert result.neutral == 1
    assert result.precision == pytest.approx(1 / 2)


def test_empty_inputs_give_none_not_zero_division() -> None:
    result = score([], [], [])
    assert result.recall is None and result.precision is None


def test_window_of_reference() -> None:
    elements = [ref("0", "button", "top", y=10), ref("1", "button", "below", y=900),
                ref("2", "button", "far", y=5000)]
    page = Reference(elements=elements, viewport=(1280.0, 757.0))
    assert [e.name for e in page.in_window(0)] == ["top"]
    assert [e.name for e in page.in_window(1000)] == ["top", "below"]
    assert len(page.in_window(None)) == 3
