"""A snapshot reply's outputs: files in a folder (``axsnap snapshot``, ``demo``, ``batch``,
``act``) or the main one on stdout (``--out -``, the default of ``snapshot`` and sessions)."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from typing import Any

from axsnap_host.pipeline.ax.snapshot import snapshot_json


def write_outputs(result: dict[str, Any], out_dir: Path) -> list[Path]:
    """Write every output present in a snapshot reply's ``result``; return the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def dump(name: str, text: str) -> None:
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)

    if result.get("snapshot") is not None:
        dump("snapshot.json", snapshot_json(result["snapshot"], indent=2) + "\n")  # a row a line
    if result.get("domtext") is not None:
        dump("dom.txt", result["domtext"])
    if result.get("elements") is not None:
        dump("elements.json", json.dumps(result["elements"], indent=2, ensure_ascii=False) + "\n")
    if result.get("combinedTree") is not None:  # format "outline": the text and its maps
        dump("outline.txt", result["combinedTree"] + "\n")
        maps = {key: result.get(key) for key in
                ("combinedXpathMap", "combinedUrlMap", "frames", "focus") if key in result}
        dump("outline.json", json.dumps(maps, indent=2, ensure_ascii=False) + "\n")
    if result.get("semantic") is not None:  # page understanding
        dump("semantic.json", json.dumps(result["semantic"], indent=2, ensure_ascii=False) + "\n")
    if result.get("semantic_text") is not None:
        dump("semantic.txt", result["semantic_text"])
    vision = result.get("vision")
    if isinstance(vision, dict) and vision.get("ok"):
        # the Set-of-Mark image: its numbers are the indices in dom.txt and elements.json
        suffix = "jpg" if vision.get("format") == "jpeg" else "png"
        path = out_dir / f"som.{suffix}"
        path.write_bytes(base64.b64decode(vision["image"]))
        written.append(path)
        dump("som_legend.json", json.dumps(vision.get("legend"), indent=2) + "\n")
    for other in (result.get("also") or {}).values():  # one read, several formats
        written += write_outputs(other, out_dir)
    return written


def main_text(result: dict[str, Any]) -> str:
    """A snapshot reply's main output as one text, for stdout: the SnapshotV1 JSON, the DOM
    text, the elements' JSON, the outline, the semantic page (JSON or text). The
    Set-of-Mark image has no text form: its DOM text stands for it."""
    if result.get("snapshot") is not None:
        return snapshot_json(result["snapshot"], indent=2) + "\n"
    if result.get("semantic_text") is not None:
        return _line_ended(str(result["semantic_text"]))
    if result.get("semantic") is not None:
        return json.dumps(result["semantic"], indent=2, ensure_ascii=False) + "\n"
    if result.get("combinedTree") is not None:
        return str(result["combinedTree"]) + "\n"
    if result.get("format") == "elements" and result.get("elements") is not None:
        return json.dumps(result["elements"], indent=2, ensure_ascii=False) + "\n"
    if result.get("domtext") is not None:
        return _line_ended(str(result["domtext"]))
    return json.dumps(result, indent=2, ensure_ascii=False) + "\n"


def _line_ended(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def emit(result: dict[str, Any], out: str | Path | None) -> list[Path]:
    """The main text on stdout when ``out`` is None or ``"-"`` (never a folder named "-"),
    else every output written to the folder ``out``; returns the files written."""
    if out is None or str(out) == "-":
        sys.stdout.write(main_text(result))
        sys.stdout.flush()
        return []
    return write_outputs(result, Path(out))
