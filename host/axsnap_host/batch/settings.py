"""What a batch run is asked to do (shared by the runner, the workers and the CLI)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.options import options_for_format, wire_options


@dataclass(frozen=True)
class BatchSettings:
    formats: tuple[str, ...] = ("snapshot",)
    options: dict[str, Any] = field(default_factory=dict)
    workers: int = 1
    timeout_s: float = 30.0  # each step of a page: the load, and each snapshot
    load_timeout_s: float | None = None  # the load alone (a server that never answers);
    # None → timeout_s
    retries: int = 2
    backoff_s: float = 1.0  # before retry n: backoff_s * 2**(n-1)
    retry_failed: bool = False  # a resumed run redoes pages recorded as failed
    headless: bool = True
    grid_url: str | None = None
    grid_profile: str | None = None  # node folder template, "{worker}" → the worker number
    grid_binary: str | None = "/usr/bin/chromium"
    schemes: tuple[str, ...] = ("http", "https")  # URL schemes a list may hold
    chromium: str | None = None  # local browsers: None → found (paths.py)
    chromedriver: str | None = None
    extra_args: tuple[str, ...] = ()  # after AXSNAP_CHROMIUM_ARGS, local and Grid

    @property
    def page_load_timeout_s(self) -> float:
        """The load's deadline: ``load_timeout_s`` when given, else ``timeout_s``."""
        return self.timeout_s if self.load_timeout_s is None else self.load_timeout_s

    def per_format(self) -> dict[str, dict[str, Any]]:
        """Options per format, each checked now (a bad option fails before any browser)."""
        for name, seconds in (("timeout_s", self.timeout_s), ("load_timeout_s",
                                                              self.page_load_timeout_s)):
            if not seconds > 0:
                raise AxsnapError(ErrorCode.INVALID_MESSAGE,
                                  f"batch {name} must be a number of seconds above 0, "
                                  f"not {seconds!r}", "--timeout S / --load-timeout S, S > 0")
        chosen = {fmt: options_for_format(self.options, fmt) if len(self.formats) > 1 else
                  {**self.options, "format": fmt} for fmt in self.formats}
        for options in chosen.values():
            wire_options(options)
        return chosen
