"""Progress (a tqdm bar with rate and ETA) and the end-of-run summary of failures by reason."""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from axsnap_host.batch.results import PageResult


def progress_bar(total: int, initial: int, enabled: bool | None) -> Any:
    """A tqdm bar over every page (those done earlier count as done); ``enabled=None``:
    only on a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="page", dynamic_ncols=True,
                disable=None if enabled is None else not enabled, file=sys.stderr,
                bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, "
                           "{rate_fmt}]{postfix}")


def summary(results: Sequence[PageResult], skipped: int, elapsed_s: float) -> str:
    """Counts, throughput and every failure grouped by its error code."""
    failed = [r for r in results if not r.ok]
    rate = len(results) / elapsed_s * 60 if elapsed_s > 0 else 0.0
    lines = [f"{len(results)} page(s) run in {elapsed_s:.1f} s ({rate:.1f} pages/min): "
             f"{len(results) - len(failed)} ok, {len(failed)} failed; {skipped} done earlier "
             "(skipped)"]
    by_reason: dict[str, list[PageResult]] = defaultdict(list)
    for result in failed:
        by_reason[result.error_code or "unknown"].append(result)
    for reason, count in Counter({k: len(v) for k, v in by_reason.items()}).most_common():
        lines.append(f"  {reason}: {count}")
        for result in by_reason[reason][:5]:
            lines.append(f"    {result.url}  ({result.error_message})")
        if count > 5:
            lines.append(f"    … {count - 5} more in results.jsonl")
    return "\n".join(lines)
