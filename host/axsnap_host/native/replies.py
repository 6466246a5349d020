"""The host's reply shapes and the summaries its refusals quote (never an input value)."""

from __future__ import annotations

import traceback
from typing import Any

from pydantic import ValidationError

from axsnap_host import PROTOCOL_VERSION
from axsnap_host.models.errors import ErrorInfo
from axsnap_host.models.wire import NativeErrorReply

_MAX_ERRORS_SHOWN = 3


def error_reply(message_id: str | None, code: str, message: str, hint: str = "") -> dict[str, Any]:
    info = ErrorInfo(code=str(code), message=message, hint=hint)
    return NativeErrorReply(v=PROTOCOL_VERSION, id=message_id, ok=False, error=info).model_dump()


def ok_reply(message_id: str, result: dict[str, Any]) -> dict[str, Any]:
    return {"v": PROTOCOL_VERSION, "id": message_id, "ok": True, "type": "result", "result": result}


def describe_validation_error(error: ValidationError) -> str:
    """A short readable summary: field paths and messages, never the input values."""
    parts = []
    for item in error.errors(include_input=False, include_url=False)[:_MAX_ERRORS_SHOWN]:
        where = ".".join(str(p) for p in item.get("loc", ())) or "message"
        parts.append(f"{where}: {item.get('msg', 'invalid')}"[:160])
    more = error.error_count() - _MAX_ERRORS_SHOWN
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)


def envelope(raw: dict[str, Any]) -> dict[str, Any]:
    """A capture part without its nodes and order (checked by capture_stream)."""
    return {key: value for key, value in raw.items() if key not in ("nodes", "order")}


def message_id_of(raw: dict[str, Any]) -> str | None:
    value = raw.get("id")
    if isinstance(value, str) and 0 < len(value) <= 200:
        return value
    return None


# What a value of the wrong JSON type raises where the pipeline reads a capture: a walker
# record whose ``scroll`` is ``true``, a property whose ``name`` is a list.
SHAPE_ERRORS = (TypeError, AttributeError, KeyError, IndexError, ValueError)
READING_ROOMS = ("pipeline", "semantic", "render", "act", "models")  # where captures are read


def shape_refusal(request: Any, exc: BaseException) -> dict[str, Any] | None:
    """A message carrying a capture that the pipeline could not read (its fields fit the
    wire model, their insides did not): ``invalid_message`` naming the step, not
    ``internal_error``. None for anything else (a bug: internal_error)."""
    if isinstance(exc, ValidationError):  # a part the message model leaves open (act target)
        return error_reply(getattr(request, "id", None), "invalid_message",
                           describe_validation_error(exc),
                           "check the message against axsnap_host.models.wire and models.act")
    if not isinstance(exc, SHAPE_ERRORS) or getattr(request, "capture", None) is None:
        return None
    frames = traceback.extract_tb(exc.__traceback__)
    where = frames[-1] if frames else None  # where it was raised: reading the capture?
    if where is None or not any(f"axsnap_host/{room}/" in where.filename
                                for room in READING_ROOMS):
        return None
    step = f"{where.filename.rsplit('axsnap_host/', 1)[-1]}:{where.lineno}"
    return error_reply(
        getattr(request, "id", None), "invalid_message",
        f"the capture does not fit what the host reads ({type(exc).__name__} in {step})",
        "the extension and the host must be the same version; if they are, report the "
        "capture (the host keeps serving)")
