"""The extension's reply text parsed with the cyclic garbage collector paused.

A whole-page reply is tens of MB of JSON (DOM text of the generated 100k page: 19 MB, about
32k element records): parsing it makes millions of dicts, lists and strings, and every 700
of them the collector walks the young ones again, and the whole heap once the older
generations fill (a client holding earlier replies makes that heap bigger). Measured on a
17.6 MB reply (bench/results/walk_profile.md): 0.75-4.3 s with the collector, 0.12-0.34 s
without. Parsed JSON holds no cycles, so reference counting frees it; the collector runs
again right after the parse.
"""

from __future__ import annotations

import gc
import json
from typing import Any

PAUSE_FROM_CHARS = 1 << 20  # a smaller reply is parsed the plain way


def parse_reply(text: str | bytes) -> Any:
    """``json.loads(text)``; for a text of PAUSE_FROM_CHARS or more, without the cyclic
    collector running during the parse."""
    if len(text) < PAUSE_FROM_CHARS or not gc.isenabled():
        return json.loads(text)
    gc.disable()
    try:
        return json.loads(text)
    finally:
        gc.enable()
