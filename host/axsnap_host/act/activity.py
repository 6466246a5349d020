"""What an action set going, for its change report (issue 32): the forms whose submit event
it fired (and whether the page's script took them over), the requests it started, and moves
of the main frame's history within its document. A submit that shows nothing still says
what happened. URLs are scrubbed here, as every URL that leaves."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.act import FormSubmit, RequestSummary
from axsnap_host.pipeline.redaction import scrub_url


def _count(value: Any) -> int:
    return value if isinstance(value, int) and value >= 0 else 0


def activity_changes(activity: dict[str, Any], names: frozenset[str]) -> dict[str, Any]:
    """The Changes fields ``submitted``, ``requests`` and ``same_document`` from the
    extension's ``activity`` report."""
    submits = [FormSubmit(form=str(s.get("form") or "")[:80], method=str(s.get("method") or ""),
                          action=scrub_url(str(s.get("action") or ""), names)[0],
                          prevented=s.get("prevented") if isinstance(s.get("prevented"), bool)
                          else None)
               for s in activity.get("submits") or [] if isinstance(s, dict)]
    raw = activity.get("requests") or {}
    first = []
    for entry in raw.get("first") or []:
        if not isinstance(entry, dict):
            continue
        url = scrub_url(str(entry.get("url") or ""), names)[0]
        status = entry.get("status")
        first.append(f"{entry.get('method') or 'GET'} {url}"
                     + (f" → {status}" if isinstance(status, int) else ""))
    requests = RequestSummary(started=_count(raw.get("started")),
                              finished=_count(raw.get("finished")),
                              failed=_count(raw.get("failed")), pending=_count(raw.get("pending")),
                              first=first)
    return {"submitted": submits, "requests": requests,
            "same_document": _count(activity.get("same_document")) > 0}
