"""Logging for the native host: stderr or a file, never stdout (stdout carries frames).

Log lines name ids, types, sizes, timings and error codes only. Nothing taken from the
page (text, values, URLs) is ever logged: it may hold secrets.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

LOGGER_NAME = "axsnap_host"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(level: str = "INFO", log_file: str | Path | None = None) -> logging.Logger:
    """Configure the ``axsnap_host`` logger once; returns it."""
    logger = logging.getLogger(LOGGER_NAME)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
    if log_file:
        handler: logging.Handler = logging.FileHandler(log_file, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level.upper())
    logger.propagate = False
    return logger


def get_logger(name: str | None = None) -> logging.Logger:
    return logging.getLogger(f"{LOGGER_NAME}.{name}" if name else LOGGER_NAME)
