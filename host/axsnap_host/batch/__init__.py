"""``axsnap batch``: many pages on a pool of browsers (local, or Selenium Grid sessions),
resumable, one folder and one ``results.jsonl`` line per page."""

from axsnap_host.batch.jobs import Job, make_jobs, read_urls, slug_for
from axsnap_host.batch.results import FAILED, OK, PageResult
from axsnap_host.batch.runner import Batch, run
from axsnap_host.batch.settings import BatchSettings
from axsnap_host.batch.store import RESULTS_NAME, ResultStore

__all__ = ["FAILED", "OK", "RESULTS_NAME", "Batch", "BatchSettings", "Job", "PageResult",
           "ResultStore", "make_jobs", "read_urls", "run", "slug_for"]
