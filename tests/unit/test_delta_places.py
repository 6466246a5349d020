"""A delta places each change by the lines that contain it (its ``context``). Those lines are
found once a diff, not by scanning up from every change: the same lines as the scan (checked
against it on any shape of outline), and each line's depth read at most once, so a list whose
rows all change after an act (every row re-rendered) costs lines + changes, not their product
(2,000 rows: 4.1 s before, 36 ms after)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axsnap_host.pipeline.delta import diff as delta_diff
from axsnap_host.pipeline.delta.diff import LineInfo, Snapshot, diff
from axsnap_host.pipeline.outline.text import indent


def scanned_ancestors(depths: list[int], index: int) -> list[int]:
    """The lines above ``index`` that contain it, nearest first, read by scanning up."""
    out: list[int] = []
    depth = depths[index]
    for i in range(index - 1, -1, -1):
        if depth == 0:
            break
        if depths[i] < depth:
            out.append(i)
            depth = depths[i]
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=60), st.data())
def test_the_containing_lines_are_the_scans(depths: list[int], data: st.DataObject) -> None:
    from axsnap_host.pipeline.delta.diff import _ancestors, _Outline

    outline = _Outline([f"{indent(depth)}[{i}] row" for i, depth in enumerate(depths)])
    # asked in any order, as the changes of a diff ask them
    for index in data.draw(st.lists(st.integers(0, len(depths) - 1), max_size=20)):
        assert _ancestors(outline, index) == scanned_ancestors(depths, index)


def inbox(rows: int, render: str) -> Snapshot:
    """A list of ``rows`` rows, each with a checkbox; ``render`` names every row's ids anew,
    as a page that re-renders its list after an act."""
    lines = ['[d] document "Inbox"', "  main", '    list "Messages"']
    info = [LineInfo("d", "Inbox"), LineInfo("…main", ref=False),
            LineInfo("…list", "Messages", ref=False)]
    for i in range(rows):
        lines += [f'      [r{render}{i}] row "Message {i}"',
                  f'        [c{render}{i}] checkbox "Select message {i}"']
        info += [LineInfo(f"r{render}{i}", f"Message {i}"),
                 LineInfo(f"c{render}{i}", f"Select message {i}")]
    return Snapshot(f"ax-{render}", f"sha256:{render}", {}, lines, info)


def test_a_rerendered_list_reads_each_lines_depth_once(monkeypatch: pytest.MonkeyPatch) -> None:
    base, after = inbox(300, "a"), inbox(300, "b")
    reads: list[str] = []
    split_indent = delta_diff.split_indent

    def counted(line: str) -> tuple[int, str]:
        reads.append(line)
        return split_indent(line)

    monkeypatch.setattr(delta_diff, "split_indent", counted)
    delta = diff(base, after)
    assert delta["counts"] == {"added": 600, "removed": 600, "changed": 0}
    last = delta["changes"][-1]
    assert last["op"] == "added" and last["line"] == '[rb299] row "Message 299"'
    assert last["context"] == ["main", 'list "Messages" ([rb0] row "Message 0")']
    # each line's depth once, and the text of the lines an entry prints (its line, its
    # context, the line below an added row): before, every change read the depths of all
    # the lines above it
    assert len(reads) <= len(base.lines) + len(after.lines) + 5 * len(delta["changes"]), \
        f"{len(reads)} reads of {len(base.lines) + len(after.lines)} lines"
