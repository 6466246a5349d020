"""The CLI's progress on a read: which stage it is in and, on a whole-page read, how many
AX nodes have gone to the host in how many parts (a tqdm line on stderr)."""

from __future__ import annotations

import sys
from typing import Any

STAGES = {"attach": "attaching", "stabilize": "stabilizing", "capture": "capturing",
          "process": "processing"}


class ReadProgress:
    """Feed it the read's progress events (``Browser.snapshot_raw(on_progress=...)``)."""

    def __init__(self, label: str, enabled: bool | None = None, file: Any = None) -> None:
        from tqdm import tqdm

        self.label = label
        # the request is polled only when someone watches (a terminal, or --progress)
        self.enabled = (file is not None or sys.stderr.isatty()) if enabled is None else enabled
        self.stages: list[str] = []  # "capturing 812 ms", in order: the summary line
        self.bar = tqdm(total=None, unit=" AX nodes", desc=f"{label}: starting",
                        disable=not self.enabled,
                        file=file or sys.stderr, dynamic_ncols=True, mininterval=0.2,
                        bar_format="{desc} {n_fmt}{unit} [{elapsed}]{postfix}")

    def __call__(self, event: dict[str, Any]) -> None:
        stage = STAGES.get(str(event.get("stage")), str(event.get("stage")))
        state = event.get("state")
        if state == "start":
            self.bar.set_description_str(f"{self.label}: {stage}", refresh=True)
        elif state == "progress":
            nodes = int(event.get("nodes") or 0)
            self.bar.update(max(0, nodes - self.bar.n))
            self.bar.set_postfix_str(f"{event.get('parts')} part(s) sent to the host")
        elif state == "end" and isinstance(event.get("ms"), int | float):
            self.stages.append(f"{stage} {event['ms']:.0f} ms")
            self.bar.set_postfix_str(", ".join(self.stages))

    def close(self) -> None:
        self.bar.close()

    def __enter__(self) -> ReadProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
