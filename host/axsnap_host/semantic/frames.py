"""Frames: every frame with its url, bounds, visibility and origin.

Invisible frames (0×0, 1×1, not rendered) and ad frames (a known ad host, or an ad-sized
slot with no control in it) are marked with the reason and left out of the semantics; a
frame the walker could not read is ``cross_origin_restricted``, with its bounds and url.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.redaction import scrub_url
from axsnap_host.pipeline.secrets import page_secret_names
from axsnap_host.semantic.facts import PageFacts

AD_HOSTS = re.compile(r"(^|\.)(doubleclick\.net|googlesyndication\.com|googleadservices\.com|"
                      r"adservice\.google\.com|amazon-adsystem\.com|adnxs\.com|taboola\.com|"
                      r"outbrain\.com|criteo\.(com|net)|pubmatic\.com|rubiconproject\.com|"
                      r"openx\.net|adsrvr\.org|moatads\.com|ads\.[a-z0-9.-]+)$", re.I)
AD_PATH = re.compile(r"/(ads?|adserver|banners?)/|[?&](ad_?unit|adslot)=", re.I)
TINY = 6  # px: a frame this narrow shows nothing (a 1×1 pixel with its default borders)
SLOT_SLACK = 6  # px of borders around an ad slot's standard size
AD_SIZES = {(728, 90), (300, 250), (160, 600), (320, 50), (300, 600), (970, 250), (336, 280),
            (468, 60), (320, 100), (970, 90), (250, 250), (120, 600)}


def _ad_slot(box: tuple[float, ...] | None) -> tuple[int, int] | None:
    """The standard ad size a frame's box matches (borders allowed for), or None."""
    if box is None:
        return None
    for width, height in AD_SIZES:
        if 0 <= box[2] - width <= SLOT_SLACK and 0 <= box[3] - height <= SLOT_SLACK:
            return width, height
    return None


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return parts.scheme + ":" if parts.scheme else ""
    return f"{parts.scheme}://{parts.netloc}"


def list_frames(capture: RawCapture, facts: PageFacts, redact: bool
                ) -> tuple[list[dict[str, Any]], set[int]]:
    """(the frames, the ordinals of frames left out of the semantics)."""
    walked = {f["ordinal"] for f in facts.frames}
    walked |= {n.frame for n in facts.nodes}
    owner_box: dict[int, tuple[float, ...]] = {}
    controls_in: dict[int, int] = {}
    # an <iframe> by the document it is in and its backendNodeId (each renderer numbers its
    # own: an out-of-process frame's <iframe> may share the top document's number)
    frame_ids = [f.frameId for f in capture.frames]
    ordinal_of_owner = {(f.parentFrameId, f.ownerBackendNodeId): i
                        for i, f in enumerate(capture.frames)
                        if getattr(f, "ownerBackendNodeId", None) is not None}
    for node in facts.nodes:
        if node.tag not in ("iframe", "frame") or not 0 <= node.frame < len(frame_ids):
            continue
        owned = ordinal_of_owner.get((frame_ids[node.frame], node.backend_node_id))
        if owned is not None:
            owner_box[owned] = node.box
        if node.reasons:
            controls_in[node.frame] = controls_in.get(node.frame, 0) + 1
    out: list[dict[str, Any]] = []
    excluded: set[int] = set()
    for ordinal, frame in enumerate(capture.frames):
        url = frame.url
        box = owner_box.get(ordinal) if ordinal else (0.0, 0.0, *facts.page_size)
        shown = scrub_url(url, page_secret_names(capture))[0] if redact else url
        entry: dict[str, Any] = {
            "ordinal": ordinal, "url": shown,
            "origin": origin_of(shown) if not url.startswith(
                "about:") else (out[0]["origin"] if out else "about:"), "main": ordinal == 0,
            "bounds": [round(v) for v in box] if box else None,
        }
        reason = None
        if ordinal == 0:
            entry["visibility"] = "visible"
        elif box is None:
            entry["visibility"] = "not_rendered"
            reason = "not rendered in the viewport (display:none, or outside the window read)"
        elif box[2] <= TINY or box[3] <= TINY:  # the <iframe>'s border box: borders count
            entry["visibility"] = "invisible"
            reason = f"{round(box[2])}x{round(box[3])} box"
        else:
            entry["visibility"] = "visible"
        host = urlsplit(url).hostname or ""
        slot = _ad_slot(box)
        if ordinal and (AD_HOSTS.search(host) or AD_PATH.search(url)):
            entry["ad"] = True
            reason = f"ad host or ad path ({host or url})"
        elif ordinal and slot and not controls_in.get(ordinal):
            entry["ad"] = True
            reason = f"ad-sized slot {slot[0]}x{slot[1]} with no controls"
        if ordinal and ordinal not in walked and reason is None:
            entry["status"] = "cross_origin_restricted"
        else:
            entry["status"] = "captured" if ordinal in walked or ordinal == 0 else "not_read"
        if reason:
            entry["excluded"] = reason
            excluded.add(ordinal)
        out.append(entry)
    return out, excluded
