"""What ``Browser.snapshot`` returns for the outline and DOM formats (SnapshotV1 is a model).

A reply may be a delta on an earlier one; these classes rebuild the full result when the base
is known and say when it is not.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field
from typing import Any

from axsnap_host.pipeline.delta.apply import apply_delta


def applied_result(result: dict[str, Any], base: dict[str, Any] | None
             ) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    """(the full result, the reply's delta object, whether the full result is known): a
    delta reply is applied to ``base`` (the full result it names) when given."""
    delta = result.get("delta") if isinstance(result.get("delta"), dict) else None
    if delta is None or not delta.get("applied"):
        return result, delta, True
    if base is None:
        return result, delta, False
    return apply_delta(base, result), delta, True


class DeltaReply:
    """What outline and DOM results share: a reply that may be a delta on a base."""

    raw: dict[str, Any]
    delta: dict[str, Any] | None

    @classmethod
    def from_result(cls, result: dict[str, Any],
                    base: dict[str, Any] | None = None) -> DeltaReply:
        """From a reply ``result``; a delta reply is applied to ``base``."""
        raise NotImplementedError

    @property
    def is_delta(self) -> bool:
        """Whether the reply carried a delta (not the full output)."""
        return bool(self.delta and self.delta.get("applied"))

    def materialize(self, base: Any) -> Any:
        """This delta applied to ``base`` (the result it names, or its raw dict), as a
        full result of the same class."""
        raw_base = base.raw if isinstance(base, DeltaReply) else base
        return type(self).from_result({**self.raw, "delta": self.delta}, raw_base)


@dataclass
class DomResult(DeltaReply):
    """The DOM channel's outputs (formats ``domtext``, ``elements`` and ``som``).

    ``vision`` is the reply's vision part when it was asked for (``{ok:true, format, image,
    legend, ...}`` or ``{ok:false, reason}``), else None; ``som_png`` the decoded Set-of-Mark
    image bytes (PNG, or JPEG with ``screenshot_format="jpeg"``) when it exists.
    ``snapshot_id``, ``hash``, ``size`` and ``delta`` work as in :class:`OutlineResult`:
    with ``compression="delta"`` a repeated read carries only the changed lines and
    element records, and ``domtext``/``elements`` are rebuilt from the base.
    """

    domtext: str
    elements: list[dict[str, Any]]
    indices: dict[str, list[Any]]
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    vision: dict[str, Any] | None = field(default=None, repr=False)
    som_png: bytes | None = field(default=None, repr=False)
    snapshot_id: str | None = None
    hash: str | None = None
    size: dict[str, int] = field(default_factory=dict)
    delta: dict[str, Any] | None = field(default=None, repr=False)
    materialized: bool = True

    @classmethod
    def from_result(cls, result: dict[str, Any],
                    base: dict[str, Any] | None = None) -> DomResult:
        full, delta, materialized = applied_result(result, base)
        vision = full.get("vision")
        image = None
        if isinstance(vision, dict) and vision.get("ok") and vision.get("image"):
            image = base64.b64decode(vision["image"])
        return cls(domtext=full.get("domtext") or "", elements=full.get("elements") or [],
                   indices=full.get("indices") or {}, raw=full, vision=vision,
                   som_png=image, snapshot_id=result.get("snapshot_id"),
                   hash=result.get("hash"), size=full.get("size") or {}, delta=delta,
                   materialized=materialized)

    def som_image(self) -> Any:
        """The Set-of-Mark image as a ``PIL.Image.Image``, or None when there is none."""
        if self.som_png is None:
            return None
        from PIL import Image

        image = Image.open(io.BytesIO(self.som_png))
        image.load()
        return image


@dataclass
class OutlineResult(DeltaReply):
    """Format ``outline``: the hybrid outline text and its maps (see pipeline/outline.py).

    ``snapshot_id`` and ``hash`` name this snapshot (a later delta names its base by
    them); ``size`` is what the model reads ({bytes, chars, tokens}); ``budget`` the
    ``max_tokens`` report. With ``compression="delta"``, ``delta`` is the reply's delta
    object: ``{applied: false, reason}`` on a full reply, or ``{applied: true, changes,
    text, edits, ...}``, in which case the other fields are the full snapshot rebuilt from
    the base (``materialized``) when the base was known, else empty until
    :meth:`materialize` is called with it.
    """

    combinedTree: str
    combinedXpathMap: dict[str, str]
    combinedUrlMap: dict[str, str]
    frames: list[dict[str, Any]]
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    snapshot_id: str | None = None
    hash: str | None = None
    size: dict[str, int] = field(default_factory=dict)
    budget: dict[str, Any] | None = None
    delta: dict[str, Any] | None = field(default=None, repr=False)
    materialized: bool = True

    @classmethod
    def from_result(cls, result: dict[str, Any],
                    base: dict[str, Any] | None = None) -> OutlineResult:
        """From a reply ``result``; a delta reply is applied to ``base`` (the full result
        it names) when given."""
        full, delta, materialized = applied_result(result, base)
        return cls(combinedTree=full.get("combinedTree") or "",
                   combinedXpathMap=full.get("combinedXpathMap") or {},
                   combinedUrlMap=full.get("combinedUrlMap") or {},
                   frames=full.get("frames") or [], raw=full,
                   snapshot_id=result.get("snapshot_id"), hash=result.get("hash"),
                   size=full.get("size") or {}, budget=full.get("budget"), delta=delta,
                   materialized=materialized)




@dataclass
class PageResult:
    """Formats ``semantic`` and ``semantic_text``: what the page is and what it holds.

    ``page`` is ``{type, scores, signals, intents, regions, summary, url, title}``;
    ``elements`` the controls by semantic id (``btn_sign_in``) with their ``handle``;
    ``content`` the top text blocks by attention; ``frames`` every frame; ``suspicious``
    hidden text that reads like an instruction to a model (kept out of everything else).
    For ``semantic_text`` only ``text`` is filled (the other fields are empty).
    """

    page: dict[str, Any]
    elements: list[dict[str, Any]]
    content: list[dict[str, Any]]
    frames: list[dict[str, Any]]
    suspicious: list[dict[str, Any]]
    text: str | None = None
    revision: int = 0
    size: dict[str, int] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_result(cls, result: dict[str, Any]) -> PageResult:
        semantic = result.get("semantic") or {}
        return cls(page=semantic.get("page") or {}, elements=semantic.get("elements") or [],
                   content=semantic.get("content") or [], frames=semantic.get("frames") or [],
                   suspicious=semantic.get("suspicious") or [],
                   text=result.get("semantic_text"), revision=int(semantic.get("revision") or 0),
                   size=result.get("size") or {}, raw=result)

    @property
    def type(self) -> str:
        return str(self.page.get("type", "unknown"))

    def element(self, semantic_id: str) -> dict[str, Any] | None:
        """The element record named ``semantic_id``, or None."""
        return next((e for e in self.elements if e.get("id") == semantic_id), None)

    def target(self, semantic_id: str) -> tuple[int, int]:
        """(frame ordinal, backendNodeId) of ``semantic_id`` (``stale_element`` if unknown)."""
        from axsnap_host.semantic.build import resolve_semantic_id

        return resolve_semantic_id({"elements": self.elements}, semantic_id)
