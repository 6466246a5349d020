"""The semantic ids of the fields a person types in or picks from (text, password, textarea,
select) on corpus pages, from whole-page reads: what a naming change moves (design note 89).

    nice .venv/bin/python bench/semantic_field_ids.py clicon-01 ... > ids.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from semantic_corpus import CORPUS, read

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory

FIELDS = ("text_input", "password_input", "textarea", "select")


def main() -> int:
    out: dict[str, list[str]] = {}
    with serve_directory(CORPUS) as base, Browser() as browser:
        for name in sys.argv[1:]:
            result = read(browser, f"{base}{name}/index.html", viewport_only=False)
            out[name] = [e["id"] for e in result.elements if e["type"] in FIELDS]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
