"""Logging for the native host: stderr or a file, never stdout (stdout carries frames).

Log lines name ids, types, sizes, timings and error codes only. Nothing taken from the
page (text, values, URLs) is ever logged: it may hold secrets. In case one slips in (an
exception's message quoting a URL), every line, traceback included, goes through the URL
scrubber (:class:`ScrubUrls`) before a handler writes it.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from axsnap_host.pipeline.url_scrub import scrub_urls_in_text

LOGGER_NAME = "axsnap_host"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class ScrubUrls(logging.Formatter):
    """The format, then every URL in the line through the one URL scrubber."""

    def format(self, record: logging.LogRecord) -> str:
        return scrub_urls_in_text(super().format(record))[0]


def setup_logging(level: str = "INFO", log_file: str | Path | None = None) -> logging.Logger:
    """Configure the ``axsnap_host`` logger once; returns it."""
    logger = logging.getLogger(LOGGER_NAME)
    for old in list(logger.handlers):
        logger.removeHandler(old)
        old.close()
    if log_file:
        handler: logging.Handler = logging.FileHandler(log_file, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(ScrubUrls(_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level.upper())
    logger.propagate = False
    return logger


def get_logger(name: str | None = None) -> logging.Logger:
    return logging.getLogger(f"{LOGGER_NAME}.{name}" if name else LOGGER_NAME)
