"""Bench only (bench/semantic_features_dump.py): with AXSNAP_FEATURES_TAP set, the native host
appends the page-type ``Features`` of every semantic read, with the URL read, to
AXSNAP_FEATURES_TAP/<pid>.jsonl (one JSON object a line), so the page-type signals can be
computed again without a browser. Loaded through PYTHONPATH by the dump; the product never
sets either variable."""

from __future__ import annotations

import dataclasses
import json
import os

_TAP = os.environ.get("AXSNAP_FEATURES_TAP")

if _TAP:
    from axsnap_host.semantic import build

    _classify = build.classify

    def _tapped(f):  # type: ignore[no-untyped-def]
        out = _classify(f)
        row = {"features": dataclasses.asdict(f), "type": out[0], "scores": out[1]}
        with open(os.path.join(_TAP, f"{os.getpid()}.jsonl"), "a", encoding="utf-8") as sink:
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
        return out

    build.classify = _tapped
