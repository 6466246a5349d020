"""One page's outcome: the line ``results.jsonl`` gets and ``batch.run`` yields."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

OK = "ok"
FAILED = "failed"


@dataclass
class PageResult:
    url: str
    slug: str
    status: str = FAILED
    error_code: str | None = None
    error_message: str | None = None
    attempts: int = 0
    worker: int = 0
    timings: dict[str, Any] = field(default_factory=dict)  # ms: open, snapshot, write, total
    sizes: dict[str, int] = field(default_factory=dict)  # bytes per output file, and total
    files: list[str] = field(default_factory=list)
    finished_at: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status == OK

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PageResult:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)

    def finish(self) -> PageResult:
        self.finished_at = round(time.time(), 3)
        return self
