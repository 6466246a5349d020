"""The walker's records and their join on a whole-page read: what each record costs the
host while the read's formats are made (they live from the request's parse to SnapshotV1,
the read's last format). Bounds in bytes, measured with tracemalloc (no wall clock).

The records are shaped like the 100k-element bench page's table rows (bench/pages/
generate.py): a row, its cells, a link and a labelled checkbox, whose shown text, name and
label text repeat; parsed from JSON as the host parses a request.
"""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.native.protocol import decode_json
from axsnap_host.pipeline.dom.walker_merge import join

ROWS = 1500


def walker(rows: int) -> dict[str, Any]:
    """A walker run over a table of ``rows`` rows (5 records a row), every record tracked."""
    elements: list[dict[str, Any]] = [
        {"p": -1, "f": 0, "s": "html", "r": [0, 0, 1280, 99999], "vis": 1, "win": 1},
        {"p": 0, "f": 0, "s": "body", "r": [0, 0, 1280, 99999], "vis": 1, "win": 1},
        {"p": 1, "f": 0, "s": "table", "r": [8, 8, 1264, 99000], "vis": 1, "win": 1}]
    for row in range(rows):
        base = len(elements)
        item = f"Item {row}"
        elements += [
            {"p": 2, "f": 0, "s": f"tr[{row + 1}]", "r": [8, 30 * row, 1264, 30], "vis": 1,
             "win": 1, "tx": f"{item} View {item} pick"},
            {"p": base, "f": 0, "s": "td", "r": [8, 30 * row, 90, 30], "vis": 1, "win": 1,
             "tx": item},
            {"p": base, "f": 0, "s": "td[2]", "r": [100, 30 * row, 120, 30], "vis": 1,
             "win": 1, "tx": f"View {item}"},
            {"p": base + 2, "f": 0, "s": "a", "r": [106, 30 * row, 101, 16], "vis": 1,
             "win": 1, "ptr": 1, "c": ["href", "pointer"], "tx": f"View {item}",
             "nm": f"View {item}", "ns": "text", "ptx": f"View {item}",
             "a": {"href": f"#item-{row}"}},
            {"p": base, "f": 0, "s": "input", "r": [305, 30 * row, 13, 13], "vis": 1,
             "win": 1, "c": ["form"], "chk": 0, "nm": "pick", "ns": "label",
             "st": {"checked": False}, "ctx": item, "ptx": "pick",
             "a": {"name": f"pick-{row}", "type": "checkbox"}}]
    for rid, rec in enumerate(elements):
        rec["w"] = rid + 1
    return {"v": 1, "url": "http://p/", "viewport": {"w": 1280, "h": 720},
            "scroll": {"x": 0, "y": 0}, "dpr": 1, "options": {"viewportOnly": False},
            "frames": [{"url": "http://p/", "parent": -1, "owner": -1}],
            "elements": elements, "world": "wd1", "alive": []}


def parsed_capture() -> tuple[RawCapture, int]:
    """The capture as the host parses it, and the bytes it holds."""
    text = json.dumps({"tab": {"id": 1, "url": "http://p/"}, "walker": walker(ROWS)})
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        capture = RawCapture.model_validate(decode_json(text))
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return capture, held - before


# Measured on these records: 862 bytes a record as parsed (before), 706 with their equal
# texts shared.
PARSED_BYTES_PER_RECORD = 780


def test_equal_texts_of_the_records_are_held_once() -> None:
    capture, held = parsed_capture()
    records = capture.walker["elements"] if capture.walker else []
    assert records == walker(ROWS)["elements"]  # the same values
    link, box = records[3 + 3], records[3 + 4]
    assert link["tx"] is link["nm"] is link["ptx"]  # "View Item 0", three times one string
    assert box["ctx"] is records[3 + 1]["tx"] and box["s"] is records[3 + 5 + 4]["s"]
    per_record = held / len(records)
    assert per_record < PARSED_BYTES_PER_RECORD, f"{per_record:.0f} bytes a parsed record"


# Measured: 419 bytes a record joined (before: its SnapNode kept, an empty children list
# per leaf, the identity spelled out), 321 now.
JOINED_BYTES_PER_RECORD = 370


def test_a_joined_record_holds_only_what_its_readers_read() -> None:
    capture, _ = parsed_capture()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        joined = join(capture)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    per_record = (held - before) / len(joined)
    assert per_record < JOINED_BYTES_PER_RECORD, f"{per_record:.0f} bytes a joined record"
    row, cell, link = joined[3], joined[4], joined[6]
    assert list(row.children) == [4, 5, 7] and list(joined[5].children) == [6]
    assert cell.children == () and link.children == ()  # leaves: no list of their own
    assert link.identity == "wwd1:7" and joined[0].identity == "wwd1:1"
    assert link.xpath == "/html/body/table/tr[1]/td[2]/a"


def test_dom_text_keeps_one_dict_per_listed_element(monkeypatch: Any) -> None:
    """The ``elements`` output is the records DOM text was rendered from, their host-only
    keys (``_filled``) taken out after the text read them: a copy of each was 15 MB of the
    100k page's peak, beside the records. Whether a record's context is said is told
    beside the records (``render_domtext``'s ``context_shown``), not as a key of theirs."""
    from axsnap_host.models.options import SnapshotOptions
    from axsnap_host.pipeline.dom import elements as dom_elements
    from axsnap_host.pipeline.state import TabState

    rendered: list[list[dict[str, Any]]] = []
    render_text = dom_elements.render_domtext

    def seen(header: dict[str, Any], records: list[dict[str, Any]],
             shown: Any = ()) -> str:
        rendered.append(records)
        # which records say their context is told beside them, by identity: a key more
        # doubled the table of a record at 21 keys, kept as the tab's state
        assert shown and not any(key.startswith("_") for record in records for key in record)
        assert shown <= {id(record) for record in records}
        return render_text(header, records, shown)

    monkeypatch.setattr(dom_elements, "render_domtext", seen)
    capture, _ = parsed_capture()
    result = dom_elements.build_dom_result(
        capture, SnapshotOptions(format="domtext", viewport_only=False), TabState(1))
    [records] = rendered
    assert result["elements"] is records and len(records) == 2 * ROWS  # a link, a checkbox
    assert not any(key.startswith("_") for record in records for key in record)


def test_the_pointer_rows_are_found_once_a_read_and_go_with_the_join() -> None:
    """The rows a list's one click listener serves depend on the read's join alone: the
    outline and SnapshotV1 of one read find them once (each walked the 100k page's 99k
    records); SnapshotV1 lets them go with the join, before its rows are made."""
    from axsnap_host.pipeline.ax import build
    from axsnap_host.pipeline.ax.controls import POINTER_ROWS, pointer_row_ids
    from axsnap_host.pipeline.ax.tree import flat_tree

    class Walked(list[Any]):
        times = 0

        def __iter__(self) -> Any:
            Walked.times += 1
            return super().__iter__()

    capture, _ = parsed_capture()
    joined = Walked(join(capture))
    first = pointer_row_ids(flat_tree(capture), joined, capture)
    again = pointer_row_ids(flat_tree(capture), joined, capture)
    assert first == again and Walked.times == 1
    other = Walked(join(capture))  # another join (another read): found afresh
    assert pointer_row_ids(flat_tree(capture), other, capture) == first and Walked.times == 2
    build.drop_walker_records(capture)
    assert POINTER_ROWS not in capture.derived


def test_an_element_record_s_attributes_are_its_walker_record_s_own() -> None:
    """A listed element's ``attributes`` are the walker record's dict (strings no cap cuts),
    not a copy of it: ~11 MB of copies on the 100k page, kept as the tab's state. Redaction
    that masks one gives the element record a new dict; the walker record keeps its own."""
    from axsnap_host.models.options import SnapshotOptions
    from axsnap_host.pipeline.dom import elements as dom_elements
    from axsnap_host.pipeline.state import TabState

    capture, _ = parsed_capture()
    records = capture.walker["elements"] if capture.walker else []
    records[6]["a"]["title"] = "token=ghp_" + "a" * 36  # a secret in the first link's title
    own = {id(rec["a"]): rec for rec in records if "a" in rec}
    result = dom_elements.build_dom_result(
        capture, SnapshotOptions(format="domtext", viewport_only=False), TabState(1))
    shared = [r for r in result["elements"] if id(r["attributes"]) in own]
    assert len(shared) == 2 * ROWS - 1  # every one but the masked one
    masked = [r for r in result["elements"] if id(r["attributes"]) not in own]
    assert len(masked) == 1 and "ghp_" not in masked[0]["attributes"]["title"]
    assert records[6]["a"]["title"].startswith("token=ghp_")  # the record's own is as sent


def test_the_outline_lets_the_records_go_once_it_has_read_them() -> None:
    """The outline, as the read's last format on a capture the host owns, lets the walker's
    records and their join go before it makes its lines (on the 100k page from Chromium's AX
    tree the join was ~45 MB of the read's peak); a caller's own capture keeps its records,
    and the outline is the same either way."""
    from pathlib import Path

    from axsnap_host.models.options import SnapshotOptions
    from axsnap_host.pipeline.ax.build import HOST_OWNED
    from axsnap_host.pipeline.ax.controls import POINTER_ROWS
    from axsnap_host.pipeline.outline.build import build_outline

    fixture = Path(__file__).parents[1] / "fixtures" / "outline_acting.json"

    def capture() -> RawCapture:  # Chromium's AX nodes and DOMSnapshot, and a walk's records
        raw = json.loads(fixture.read_text())
        return RawCapture.model_validate(decode_json(json.dumps({**raw, "walker": walker(40)})))

    options = SnapshotOptions(format="outline", scope="page")
    kept, owned = capture(), capture()
    owned.derived[HOST_OWNED] = True
    kept_result, _ = build_outline(kept, options)
    owned_result, _ = build_outline(owned, options)
    assert owned_result == kept_result and owned_result["combinedTree"]
    assert owned.walker is not None and owned.walker["elements"] == []
    assert POINTER_ROWS not in owned.derived
    assert kept.walker is not None and len(kept.walker["elements"]) == 3 + 5 * 40
