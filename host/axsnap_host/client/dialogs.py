"""Name the JavaScript dialog behind a ``page_busy`` answer, from chromedriver's own session.

The extension names a dialog only when its debugger session saw it open: Chromium sends
``Page.javascriptDialogOpening`` to the sessions that had the Page domain enabled when the
dialog opened, and not again to a session that enables it later (measured:
tests/e2e/test_act_edges_e2e.py, a read three times in a row after the dialog opened while
axsnap was not looking). A read of such a tab answers ``page_busy``. A browser this client
launched has one more witness: chromedriver keeps its own session on the tab from the start
and tracks every dialog, so the client asks it for the open dialog's text (reading it
closes nothing) and answers ``dialog_open`` naming it. The text goes through the same
redaction as every output.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.redaction import scrub_text

_SHOWN_MAX = 120


def named_dialog(driver: Any, error: AxsnapError) -> AxsnapError:
    """``error``, or ``dialog_open`` naming the dialog when it is ``page_busy`` and
    chromedriver sees a dialog open on its current window (the target tab)."""
    if error.code != ErrorCode.PAGE_BUSY or driver is None:
        return error
    try:
        text = driver.switch_to.alert.text
    except Exception:  # no dialog (a script that runs on), or the driver is elsewhere
        return error
    if not isinstance(text, str):
        return error
    shown = " ".join(scrub_text(text)[0].split())
    if len(shown) > _SHOWN_MAX:
        shown = shown[:_SHOWN_MAX - 1] + "…"
    return AxsnapError(ErrorCode.DIALOG_OPEN,
                       f'A JavaScript dialog is open on the tab ("{shown}"): the page answers '
                       "nothing until it is closed.",
                       "Answer it in the browser, or through this browser's WebDriver session "
                       "(browser.driver.switch_to.alert.accept() or .dismiss()), then read again.")
