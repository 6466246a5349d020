"""The control API's OpenAPI document, generated from its pydantic models:
``python -m axsnap_host.control.openapi --write schemas/control/openapi.json``
(a unit test keeps the committed file current; serve also answers it at
``GET /control/openapi.json``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from axsnap_host.control.app import openapi_document


def openapi_text() -> str:
    return json.dumps(openapi_document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "--write":
        print("usage: python -m axsnap_host.control.openapi --write schemas/control/openapi.json",
              file=sys.stderr)
        return 2
    path = Path(args[1])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(openapi_text(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
