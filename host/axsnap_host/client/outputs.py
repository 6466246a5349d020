"""Write a snapshot reply's outputs to a folder (``axsnap snapshot``, ``demo`` and ``batch``)."""

from __future__ import annotations

import base64
import json
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
    return written
