"""``Batch``: plan a run (what is done, what is left), start the workers, yield results."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from axsnap_host.batch.jobs import Job, RefusedLine, check_url, make_jobs, read_url_lines
from axsnap_host.batch.results import OK, PageResult
from axsnap_host.batch.settings import BatchSettings
from axsnap_host.batch.store import ResultStore
from axsnap_host.batch.worker import FINISHED, BrowserFactory, Worker, default_factory
from axsnap_host.pipeline.url_scrub import scrub_url


class Batch:
    """A resumable run over ``urls`` into ``out_dir``.

    ``skipped`` are the pages ``results.jsonl`` already records (failed ones too, unless
    ``retry_failed``); ``pending`` the rest; ``refused`` the lines (or list items) that are
    not run: unreadable, not a URL, or not http(s) (``settings.schemes``). Iterate
    ``results()`` to run the pending pages.
    """

    def __init__(self, urls: Iterable[str] | Path | str, out_dir: Path | str,
                 settings: BatchSettings | None = None,
                 factory: BrowserFactory | None = None) -> None:
        self.settings = settings or BatchSettings()
        self.settings.per_format()  # bad options fail here, before anything starts
        self.refused: list[RefusedLine] = []
        if isinstance(urls, str | Path):
            urls, self.refused = read_url_lines(Path(urls), self.settings.schemes)
        else:
            urls = self._checked(list(urls))
        self.jobs = make_jobs(urls)
        self.store = ResultStore(Path(out_dir))
        self.factory = factory or default_factory(self.settings)
        recorded = self.store.open()
        done = {slug for slug, r in recorded.items()
                if r.status == OK or not self.settings.retry_failed}
        self.skipped: list[Job] = [j for j in self.jobs if j.slug in done]
        self.pending: list[Job] = [j for j in self.jobs if j.slug not in done]
        self.workers: list[Worker] = []

    def _checked(self, urls: list[str]) -> list[str]:
        """The items of a Python list that may run; the others into ``refused``."""
        kept: list[str] = []
        for number, url in enumerate(urls, start=1):
            text = str(url).strip()
            why = check_url(text, self.settings.schemes)
            if why is None:
                kept.append(text)
            else:
                self.refused.append(RefusedLine(number, scrub_url(text)[0][:120], *why))
        return kept

    def results(self) -> Iterator[PageResult]:
        """Run the pending pages on ``settings.workers`` browsers; yield each result once it
        is committed. Closing the generator stops the workers after their current page."""
        if not self.pending:
            self.store.close()
            return
        jobs: queue.Queue[Job] = queue.Queue()
        for job in self.pending:
            jobs.put(job)
        results: queue.Queue[Any] = queue.Queue()
        stop = threading.Event()
        count = max(1, min(self.settings.workers, len(self.pending)))
        self.workers = [Worker(i, jobs, results, self.store, self.settings, self.factory, stop)
                        for i in range(count)]
        for worker in self.workers:
            worker.start()
        running = count
        try:
            while running:
                item = results.get()
                if item is FINISHED:
                    running -= 1
                elif isinstance(item, BaseException):
                    raise item
                else:
                    yield item
        finally:
            stop.set()
            for worker in self.workers:
                worker.join()
            self.store.close()

    @property
    def browsers_started(self) -> int:
        return sum(w.browsers_started for w in self.workers)


def run(urls: Iterable[str] | Path | str, out_dir: Path | str, **settings: Any) -> Iterator[
        PageResult]:
    """Snapshot every URL (a list, or a file with one URL a line) into ``out_dir``; yield a
    ``PageResult`` per page as it finishes. Resumable: pages already in
    ``out_dir/results.jsonl`` are skipped. Keyword arguments are ``BatchSettings`` fields."""
    if "formats" in settings and isinstance(settings["formats"], str):
        settings["formats"] = (settings["formats"],)
    yield from Batch(urls, out_dir, BatchSettings(**settings)).results()
