"""``axsnap batch``: many pages on a pool of browsers (local, or Selenium Grid sessions),
resumable, one folder and one ``results.jsonl`` line per page."""

from .jobs import Job, make_jobs, read_urls, slug_for
from .results import FAILED, OK, PageResult
from .runner import Batch, run
from .settings import BatchSettings
from .store import RESULTS_NAME, ResultStore

__all__ = ["FAILED", "OK", "RESULTS_NAME", "Batch", "BatchSettings", "Job", "PageResult",
           "ResultStore", "make_jobs", "read_urls", "run", "slug_for"]
