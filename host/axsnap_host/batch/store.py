"""The batch's folder: per-page outputs in ``DIR/<slug>/`` and one line per page in
``DIR/results.jsonl``.

Crash safety: a page's files are written into ``DIR/.staging/``, fsynced, renamed to
``DIR/<slug>/``, and only then is its line appended (and fsynced). A line therefore always
has its outputs, a killed run loses no finished page, and a restart skips every page that has
a line; a half-written last line (the kill landed mid-write) is cut off on load.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

from axsnap_host.batch.jobs import Job
from axsnap_host.batch.results import OK, PageResult
from axsnap_host.pipeline.url_scrub import scrub_url_fields

RESULTS_NAME = "results.jsonl"
STAGING_NAME = ".staging"


def fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class ResultStore:
    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        self.results_path = self.out_dir / RESULTS_NAME
        self.staging_root = self.out_dir / STAGING_NAME
        self.lock = threading.Lock()

    def open(self) -> dict[str, PageResult]:
        """Prepare the folder; return the recorded results by slug (the last line wins)."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(self.staging_root, ignore_errors=True)  # a killed run's half pages
        self.staging_root.mkdir()
        return self.load()

    def load(self) -> dict[str, PageResult]:
        if not self.results_path.exists():
            return {}
        data = self.results_path.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) != len(data):  # cut a line a kill interrupted
            with open(self.results_path, "r+b") as handle:
                handle.truncate(len(complete))
                os.fsync(handle.fileno())
        recorded: dict[str, PageResult] = {}
        for line in complete.decode("utf-8").splitlines():
            try:
                result = PageResult.from_json(json.loads(line))
            except (ValueError, TypeError):
                continue
            recorded[result.slug] = result  # the URL a line shows is scrubbed
        return recorded

    def staging_dir(self, job: Job, worker: int) -> Path:
        path = self.staging_root / f"{job.slug}.{worker}"
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        return path

    def commit(self, job: Job, result: PageResult, staged: Path | None) -> None:
        """Move the staged outputs into place (ok pages), then append the result line."""
        if staged is not None and result.status == OK:
            for path in staged.iterdir():
                fsync_path(path)
            final = self.out_dir / job.slug
            if final.exists():  # outputs of a run killed before its line: replaced
                shutil.rmtree(final)
            os.replace(staged, final)
            fsync_path(self.out_dir)
        elif staged is not None:
            shutil.rmtree(staged, ignore_errors=True)
        line = json.dumps(scrub_url_fields(result.to_json()), ensure_ascii=False) + "\n"
        with self.lock, open(self.results_path, "a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())

    @staticmethod
    def discard(staged: Path | None) -> None:
        if staged is not None:
            shutil.rmtree(staged, ignore_errors=True)

    def close(self) -> None:
        shutil.rmtree(self.staging_root, ignore_errors=True)
