"""Compact never changes the words of a line it keeps (issue 17).

Property: for every kept compact line, its name is the full outline's name of that node;
a line that joins a run of sibling text lines says exactly their text joined at the seams
the DOM gives; an unnamed control named by its inner text says exactly that text. Checked
on random line trees with random seams (hypothesis) and on every recorded outline capture
(by key, and from the texts alone with bench/peers/fidelity.py).
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.outline.build import build_outline
from axsnap_host.pipeline.outline.compact import compact
from axsnap_host.pipeline.outline.lines import OutlineLine

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from peers.fidelity import changed_lines

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROLES = [("StaticText", "text"), ("StaticText", "decorative"), ("button", "interactive"),
         ("link", "interactive"), ("generic", "structure"), ("paragraph", "structure"),
         ("heading", "heading"), ("textbox", "interactive"), ("LabelText", "structure")]
WORDS = ["Enter", '"', "Ann", '".', "to:", "To:", "from", ".", "Search", "a b", "-"]


def collapse(text: str) -> str:
    return " ".join(text.split())


@st.composite
def outlines(draw: Any) -> tuple[list[OutlineLine], dict[tuple[str, str], str | None]]:
    size = draw(st.integers(min_value=1, max_value=30))
    lines = [OutlineLine(key="0-0", depth=0, role="RootWebArea", name="Page", kind="document")]
    for i in range(1, size):
        parent = draw(st.integers(min_value=0, max_value=i - 1))
        role, kind = draw(st.sampled_from(ROLES))
        name = draw(st.sampled_from(["", *WORDS])) if kind != "text" else draw(
            st.sampled_from(WORDS))
        lines.append(OutlineLine(key=f"0-{i}", depth=0, role=role, name=name, kind=kind,
                                 parent=parent))
    # pre-order: sort by the path from the root
    paths: dict[int, tuple[int, ...]] = {0: (0,)}
    for i in range(1, size):
        paths[i] = (*paths[lines[i].parent], i)
    order = sorted(range(size), key=lambda i: paths[i])
    position = {old: new for new, old in enumerate(order)}
    ordered = []
    for old in order:
        line = lines[old]
        line.parent = position[line.parent] if old else -1
        line.depth = len(paths[old]) - 1
        ordered.append(line)
    # what the page puts between two lines: drawn from a seeded Random, not one draw per pair
    # (up to 900 a case, most of the test's time), every pair still given a seam
    pick = draw(st.randoms(use_true_random=False))
    seams = {(a.key, b.key): pick.choice([None, "", " "]) for a in ordered for b in ordered}
    return ordered, seams


@settings(max_examples=300, deadline=None)
@given(outlines())
def test_kept_lines_say_the_full_lines_words(case: Any) -> None:
    lines, seams = case
    full = {line.key: line for line in lines}
    index = {line.key: i for i, line in enumerate(lines)}
    out = compact(lines, lambda a, b: seams[(a, b)])
    for line in out:
        if not line.name:
            continue  # a name said by the lines below is dropped, never rewritten
        original = full[line.key]
        if not line.joined:
            assert line.name == original.name, (line, original)
            continue
        if original.kind == "interactive" and not original.name:
            inner = [full[k] for k in line.joined]  # its text lines, each maybe a run
            assert all(x.parent == index[line.key] for x in inner)
            assert collapse(line.name).replace(" ", "") == "".join(
                x.name for x in inner).replace(" ", ""), line
            continue
        # a run: consecutive siblings, joined exactly at the given seams
        keys = [line.key, *line.joined]
        positions = [index[k] for k in keys]
        parent = original.parent
        siblings = [i for i, x in enumerate(lines) if x.parent == parent]
        start = siblings.index(positions[0])
        assert siblings[start:start + len(keys)] == positions
        expected = original.name
        for before, after in itertools.pairwise(keys):
            expected += seams[(before, after)] + full[after].name
        assert line.name == expected.strip()


def recorded() -> list[Path]:
    return sorted(FIXTURES.glob("outline_*.json"))


@pytest.mark.parametrize("path", recorded(), ids=lambda p: p.stem)
def test_recorded_compact_lines_are_the_full_outlines_words(path: Path) -> None:
    capture = RawCapture.model_validate(json.loads(path.read_text(encoding="utf-8")))
    full_result, full_lines = build_outline(capture, SnapshotOptions(format="outline"))
    compact_result, compact_lines = build_outline(
        capture, SnapshotOptions(format="outline", compact=True))
    names = {line.key: line.name for line in full_lines}
    kept = [line for line in compact_lines if line.name and not line.joined]
    assert kept
    for line in kept:
        assert collapse(line.name) == collapse(names[line.key]), line
    assert changed_lines(full_result["combinedTree"], compact_result["combinedTree"]) == []
