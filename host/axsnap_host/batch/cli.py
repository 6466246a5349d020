"""``axsnap batch URLS_FILE --out DIR --workers N``: the command line over ``Batch``."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from axsnap_host.batch.results import PageResult
from axsnap_host.batch.settings import BatchSettings
from axsnap_host.models.errors import AxsnapError, ErrorCode


def add_batch_arguments(parser: argparse.ArgumentParser, formats: Sequence[str]) -> None:
    parser.add_argument("urls_file", metavar="URLS_FILE",
                        help="one URL a line (blank lines and # comments skipped)")
    parser.add_argument("--format", action="append", choices=formats, dest="formats",
                        help="output format(s), repeatable (default: snapshot)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="browsers (or Grid sessions) in parallel (default: 2)")
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S",
                        help="per-page deadline of each step: the load, each snapshot")
    parser.add_argument("--load-timeout", type=float, default=None, metavar="S",
                        help="deadline of the page load alone, for lists with servers that "
                             "never answer (default: --timeout)")
    parser.add_argument("--retries", type=int, default=2, metavar="N",
                        help="more attempts after a failure (default: 2)")
    parser.add_argument("--backoff", type=float, default=1.0, metavar="S",
                        help="wait before retry n: S * 2^(n-1) seconds (default: 1)")
    parser.add_argument("--retry-failed", action="store_true",
                        help="redo pages results.jsonl records as failed")
    parser.add_argument("--grid", default=None, metavar="URL",
                        help="run the browsers on Selenium Grid 4 at URL (e.g. "
                             "http://127.0.0.1:4444)")
    parser.add_argument("--grid-profile", default=None, metavar="TEMPLATE",
                        help="Grid: the node folder each session uses as its profile, "
                             "'{worker}' → the worker number (prepared by axsnap grid-node "
                             "--profiles); omit when the host is registered system-wide")
    parser.add_argument("--grid-binary", default="/usr/bin/chromium", metavar="PATH",
                        help="Grid: the Chromium binary on the node ('' = the node's default)")
    parser.add_argument("--allow-file-urls", action="store_true",
                        help="also read file: URLs from the list (default: http(s) only)")
    parser.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                        help="progress bar (auto: only on a terminal)")


def settings_from_args(args: argparse.Namespace, options: dict[str, Any]) -> BatchSettings:
    return BatchSettings(
        formats=tuple(dict.fromkeys(args.formats or ["snapshot"])), options=options,
        workers=max(1, args.workers), timeout_s=args.timeout,
        load_timeout_s=getattr(args, "load_timeout", None), retries=max(0, args.retries),
        backoff_s=args.backoff, retry_failed=args.retry_failed, headless=not args.headed,
        grid_url=args.grid, grid_profile=args.grid_profile, grid_binary=args.grid_binary or None,
        schemes=("http", "https", "file") if getattr(args, "allow_file_urls", False)
        else ("http", "https"),
        chromium=getattr(args, "chromium", None), chromedriver=getattr(args, "chromedriver", None),
        extra_args=tuple(getattr(args, "chromium_args", None) or ()),
    )


def run_batch_command(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Run the batch with a progress bar; print the summary; 0 when every page is ok."""
    from axsnap_host.batch.progress import progress_bar, summary
    from axsnap_host.batch.runner import Batch

    if args.out == "-":
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, "batch writes files: --out needs a folder",
                          "--out DIR (default axsnap-out)")
    batch = Batch(Path(args.urls_file), Path(args.out or "axsnap-out"),
                  settings_from_args(args, options))
    where = f"Grid {args.grid}" if args.grid else "local Chromium"
    for refused in batch.refused:
        print(f"axsnap: skipped {refused}", file=sys.stderr, flush=True)
    print(f"axsnap: {len(batch.jobs)} page(s): {len(batch.skipped)} done earlier, "
          f"{len(batch.pending)} to run on {batch.settings.workers} worker(s) ({where})",
          file=sys.stderr, flush=True)
    enabled = {"auto": None, "on": True, "off": False}[args.progress]
    results: list[PageResult] = []
    started = time.perf_counter()
    with progress_bar(len(batch.jobs), len(batch.skipped), enabled) as bar:
        for result in batch.results():
            results.append(result)
            failed = sum(not r.ok for r in results)
            bar.set_postfix_str(f"failed={failed}", refresh=False)
            bar.update(1)
    print(summary(results, len(batch.skipped), time.perf_counter() - started))
    print(f"results: {batch.store.results_path}")
    if batch.refused:
        print(f"{len(batch.refused)} line(s) of {args.urls_file} skipped (listed above)")
    return 0 if all(r.ok for r in results) and not batch.refused else 1
