"""The host's whole-page steps made linear (issue 33, bench/results/host_cpu.md) give what
the plain walk up to the root gave, on random trees: the CSS selectors of DOM text, the
labels folded into their controls, the walk tree's pre-order, and the walker check's fast
path (which refuses nothing the exact checks would pass, and passes nothing they refuse)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from axsnap_host.models.capture_checks import CaptureShapeError, check_walker
from axsnap_host.pipeline.ax.tree import FlatNode
from axsnap_host.pipeline.axwalk.tree import _preorder
from axsnap_host.pipeline.dom.elements import fold_labels
from axsnap_host.pipeline.dom.targets import ID_RE, POS_RE, Selectors, container_of
from axsnap_host.pipeline.dom.walker_merge import Joined


def _walked_selector(joined: list[Joined], j: Joined) -> str:
    """The selector as the host made it before: one walk up to the root per element."""
    parts: list[str] = []
    node: Joined | None = j
    anchored = False
    while node is not None:
        step = str(node.rec.get("d") or node.rec.get("s") or "")
        if not anchored:
            ident = str((node.rec.get("a") or {}).get("id", ""))
            if ident and node.rec.get("idu") and ID_RE.match(ident):
                parts.append(f"#{ident}")
                anchored = True
            else:
                last = step.rsplit("/", 1)[-1]
                match = POS_RE.search(last)
                tag = last.split("[", 1)[0]
                parts.append(f"{tag}:nth-of-type({match.group(1)})" if match else tag)
        if step.startswith("#shadow-root/"):
            parts.append(">>>")
            anchored = False
        if node.rec.get("s") == "html":
            break
        parent = node.rec.get("dp", node.rec.get("p", -1))
        node = joined[parent] if isinstance(parent, int) and 0 <= parent < node.rid else None
    out: list[str] = []
    for part in reversed(parts):
        if part == ">>>":
            out.append(" >>> ")
        else:
            if out and out[-1] != " >>> ":
                out.append(" > ")
            out.append(part)
    return "".join(out)


def _random_page(seed: int, size: int = 400) -> list[Joined]:
    rng = random.Random(seed)
    joined: list[Joined] = []
    for rid in range(size):
        parent = rng.randrange(-1, rid) if rid else -1
        tag = rng.choice(["div", "span", "label", "button", "input", "option", "html", ""])
        step = rng.choice([tag, f"{tag}[{rng.randint(1, 4)}]", "#shadow-root/x", "svg:g"])
        rec: dict[str, Any] = {"p": parent, "s": tag if tag == "html" else step}
        if rng.random() < 0.2:
            rec["d"] = f"/html/body/{step}"
        if rng.random() < 0.3:
            rec["dp"] = rng.randrange(-1, rid) if rid else -1
        if rng.random() < 0.2:
            rec["a"] = {"id": rng.choice(["main", "x-1", "9bad", ""])}
            rec["idu"] = rng.random() < 0.7
        if tag == "label":
            rec["tx"] = f" label {rid} "
        joined.append(Joined(rid=rid, rec=rec, tag=tag, xpath=f"/x[{rid}]", frame=0))
    return joined


@pytest.mark.parametrize("seed", range(12))
def test_selectors_made_once_per_ancestor_are_the_walked_ones(seed: int) -> None:
    joined = _random_page(seed)
    order = list(joined)
    random.Random(seed).shuffle(order)  # whichever element asks first
    selectors = Selectors(joined)
    assert {j.rid: selectors.of(j) for j in order} == \
        {j.rid: _walked_selector(joined, j) for j in joined}


def _walked_labels(chosen: list[tuple[Joined, list[str]]],
                   joined: list[Joined]) -> dict[int, int]:
    labels = {j.rid for j, reasons in chosen if j.tag == "label" and reasons == ["label"]}
    label_of: dict[int, int] = {}
    for j, _ in chosen:
        if j.tag == "option":
            continue
        p = j.rec.get("p", -1)
        while j.rid not in labels and isinstance(p, int) and p >= 0:
            if p in labels:
                label_of[j.rid] = p
                break
            p = joined[p].rec.get("p", -1)
    return label_of


@pytest.mark.parametrize("seed", range(12))
def test_labels_folded_by_the_nearest_label_up_as_walked(seed: int) -> None:
    joined = _random_page(seed)
    rng = random.Random(seed)
    chosen = [(j, ["label"] if j.tag == "label" else ["button"]) for j in joined
              if rng.random() < 0.5]
    label_of = _walked_labels(chosen, joined)
    kept, texts = fold_labels(chosen, joined)
    folded = set(label_of.values())
    assert [j.rid for j, _ in kept] == [j.rid for j, _ in chosen if j.rid not in folded]
    assert texts == {rid: str(joined[label].rec.get("tx") or "").strip()
                     for rid, label in label_of.items()}


def _stacked_preorder(nodes: dict[str, FlatNode], root_id: str) -> list[str]:
    out: dict[str, None] = {}
    stack = [root_id]
    while stack:
        nid = stack.pop()
        if nid not in out:
            out[nid] = None
            stack.extend(reversed(nodes[nid].children))
    return [*out, *(nid for nid in nodes if nid not in out)]


def _tree(order: list[tuple[str, str | None]]) -> dict[str, FlatNode]:
    nodes: dict[str, FlatNode] = {}
    for nid, parent in order:
        nodes[nid] = FlatNode(nid, "generic", "", None, {}, 0, nid, None, "F", [], parent)
        if parent is not None:
            nodes[parent].children.append(nid)
    return nodes


@pytest.mark.parametrize("seed", range(20))
def test_walk_tree_order_is_the_preorder(seed: int) -> None:
    rng = random.Random(seed)
    added: list[tuple[str, str | None]] = [("n0", None)]
    for i in range(1, 200):  # rows in document order, then (maybe) a frame's, added late
        if seed % 2 and i > 150:
            added.append((f"n{i}", f"n{rng.randrange(0, 150)}" if i == 151 else f"n{i - 1}"))
        else:
            added.append((f"n{i}", f"n{rng.randrange(max(0, i - 5), i)}"))
    if seed % 5 == 4:
        added.append(("orphan", None))  # a node no path reaches
    nodes = _tree(added)
    assert list(_preorder(dict(nodes), "n0")) == _stacked_preorder(nodes, "n0")


GOOD = {"p": -1, "dp": -1, "f": 0, "fr": 0, "r": [0, 1.5, 2, 3], "b": 7}


@pytest.mark.parametrize(("field", "value"), [
    ("p", True), ("p", 1.0), ("p", 5), ("dp", "0"), ("f", 3), ("fr", -1), ("f", None),
    ("r", [0, 0, 0]), ("r", [0, 0, float("inf"), 0]), ("r", [0, float("nan"), 0, 0]),
    ("r", [0, 0, 0, "1"]), ("r", (0, 0, 0, 0)), ("b", -1), ("b", 2**53), ("b", False),
])
def test_the_walker_checks_fast_path_refuses_what_the_exact_checks_refuse(
        field: str, value: Any) -> None:
    check_walker({"elements": [dict(GOOD)], "frames": [{}]})  # the good record passes
    with pytest.raises(CaptureShapeError, match=rf"elements\[0\]\.{field}"):
        check_walker({"elements": [{**GOOD, field: value}], "frames": [{}]})


def test_the_walker_checks_pass_bools_in_boxes_as_before() -> None:
    # a bool is no number of a box (the exact check says so; the fast path leaves it to it)
    with pytest.raises(CaptureShapeError, match=r"elements\[0\]\.r"):
        check_walker({"elements": [{**GOOD, "r": [True, 0, 0, 0]}], "frames": [{}]})


@pytest.mark.parametrize("seed", range(12))
def test_containers_remembered_in_document_order_are_the_walked_ones(seed: int) -> None:
    joined = _random_page(seed)
    rng = random.Random(seed)
    chosen: dict[int, list[str]] = {}
    memo: dict[int, int] = {}
    for j in joined:  # as select_interactive asks: each record once, choices made as it goes
        assert container_of(joined, j, chosen, memo) == container_of(joined, j, chosen)
        if rng.random() < 0.4:
            chosen[j.rid] = [rng.choice(["scroll", "pointer", "button"])]
