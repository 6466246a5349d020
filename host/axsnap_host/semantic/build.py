"""Page understanding for one capture: ``{page, elements, content, frames, suspicious}``.

facts → frames (what to leave out) → hidden text → regions → elements with semantic ids →
content by attention → page type → intents → summary. The tab's last semantic index
(semantic id → frame ordinal and backendNodeId) is kept in its TabState, so an action can
name its target by semantic id (:func:`resolve_semantic_id`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.hidden import suspicion, unseen_attribute_suspicion
from axsnap_host.pipeline.incomplete import capture_gaps, incomplete_fact
from axsnap_host.pipeline.redaction import scrub_text, scrub_url
from axsnap_host.pipeline.secrets import page_secret_names, secret_fields
from axsnap_host.semantic.classify import classify
from axsnap_host.semantic.content import rank_content
from axsnap_host.semantic.dialog_front import as_the_dialog, dialog_in_front, searched_in_front
from axsnap_host.semantic.elements import index_elements
from axsnap_host.semantic.facts import PageFacts, page_facts
from axsnap_host.semantic.frames import list_frames
from axsnap_host.semantic.intents import find_intents, summarize
from axsnap_host.semantic.page_features import features
from axsnap_host.semantic.regions import assign_regions


@dataclass
class SemanticIndex:
    """A tab's semantic reads of its page: semantic id → (frame ordinal, backendNodeId), the
    last read's ids over the ids earlier reads of the same URL named."""

    revision: int = 0
    url: str = ""
    targets: dict[str, tuple[int, int | None]] = field(default_factory=dict)


def _suspicious(facts: PageFacts, hiding: list[list[str]], region_of: list[str]
                ) -> tuple[list[dict[str, Any]], set[int]]:
    """Hidden text that reads like an instruction: the flags, and every node under them."""
    flags: list[dict[str, Any]] = []
    flagged: set[int] = set()
    for node in facts.nodes:
        if node.parent in flagged:
            flagged.add(node.rid)
            continue
        found = suspicion(node.text, hiding[node.rid]) if node.text else None
        if found is None:  # words from an attribute a person does not see (aria-label...)
            found = unseen_attribute_suspicion(node.tag, node.attrs, node.box[2:], node.text)
        if found is None:
            continue
        flagged.add(node.rid)
        flags.append({"suspicious": found.kind, **found.as_dict(), "tag": node.tag,
                      "region": region_of[node.rid], "frame": node.frame,
                      "bounds": [round(v) for v in node.box]})
    return flags, flagged


# Ids kept from a page's earlier semantic reads, at most (the newest reads' first).
KEPT_IDS = 20_000


def _still_named(index: object, url: str) -> dict[str, tuple[int, int | None]]:
    """The ids earlier semantic reads of this page named, each to the node it named then.

    A semantic id names one control over the whole page and holds across scrolls, so an id an
    agent took from a whole-page read still names that control after a window read that did
    not list it: the read's own ids are written over these. Without them such an id, unknown
    to the last read, was taken as words and could click a neighbour (its card's title) with
    ``ok: true``. A node since removed is ``stale_element`` at the act, as an element id is.
    Another URL starts afresh."""
    if not isinstance(index, SemanticIndex) or index.url != url:
        return {}
    if len(index.targets) <= KEPT_IDS:
        return dict(index.targets)
    return dict(list(index.targets.items())[-KEPT_IDS:])


def build_semantic(capture: RawCapture, options: SnapshotOptions, state: Any) -> dict[str, Any]:
    """The ``semantic`` result (see the module doc); records the tab's semantic index."""
    redact = options.redact
    facts = page_facts(capture)
    # decided first: a frame's URL hides the values of the page's secret field names
    secrets = secret_fields(capture, facts.joined) if redact else None
    frames, left_out = list_frames(capture, facts, redact)
    hiding = [node.hiding for node in facts.nodes]
    region_of, regions = assign_regions(facts)
    flags, flagged = _suspicious(facts, hiding, region_of)
    skip = flagged | {n.rid for n in facts.nodes if n.frame in left_out}
    for rid in skip:
        hiding[rid] = hiding[rid] or ["left_out"]
    elements = [el for el in index_elements(facts, region_of, hiding, secrets)
                if el.node.rid not in skip]
    region_kind = {rid: region.kind for rid, region in regions.items()}
    content = rank_content(facts, region_of, region_kind, hiding, skip, redact)
    reached = {region.kind for region in regions.values() if region.reached}
    front = dialog_in_front(facts, elements, hiding)  # (a modal form open: the page is it)
    feats = features(*(as_the_dialog(facts, elements, hiding, front) if front
                       else (facts, elements, hiding)), reached)
    feats.search_in_front = front is not None and searched_in_front(elements, front)
    page_type, scores, signals = classify(feats)
    intents = find_intents(elements, page_type)
    title = scrub_text(facts.title)[0] if redact else facts.title
    url = scrub_url(facts.url, page_secret_names(capture))[0] if redact else facts.url
    summary = summarize(page_type, title, url, intents, content, len(elements))
    incomplete = incomplete_fact(capture_gaps(capture, options))

    index = getattr(state, "semantic_index", None)
    revision = (index.revision + 1) if isinstance(index, SemanticIndex) else 1
    targets = _still_named(index, facts.url)
    records = []
    for el in elements:
        regions[el.region].elements.append(el.id)
        el.record["handle"] = {"semanticId": el.id, "backendNodeId": el.node.backend_node_id,
                               "frame": el.node.frame, "revision": revision}
        targets.pop(el.id, None)  # the newest last, for KEPT_IDS
        targets[el.id] = (el.node.frame, el.node.backend_node_id)
        records.append(el.record)
    if state is not None:
        state.semantic_index = SemanticIndex(revision, facts.url, targets)
    used = {s.region for s in content} | {el.region for el in elements}
    return {
        **({"incomplete": incomplete} if incomplete else {}),  # said first, where it is read
        "page": {
            "type": page_type, "scores": scores, "signals": signals, "intents": intents,
            "regions": [r.as_dict() for r in regions.values() if r.id in used],
            "summary": summary, "url": url, "title": title,
        },
        "elements": records,
        "content": [s.as_dict() for s in content],
        "frames": frames,
        "suspicious": flags,
        "revision": revision,
        "stats": {"nodes": len(facts.nodes), "elements": len(records), "content": len(content),
                  "suspicious": len(flags), "frames_left_out": len(left_out),
                  "semantic_walker": facts.semantic_mode},
    }


def resolve_semantic_id(source: Any, semantic_id: str) -> tuple[int, int]:
    """(frame ordinal, backendNodeId) of ``semantic_id`` in a tab's last semantic read.

    ``source``: the tab's TabState (its ``semantic_index``) or a semantic result dict.
    Unknown ids and elements without a backendNodeId are ``stale_element``.
    """
    target: tuple[int, int | None] | None = None
    if isinstance(source, dict):
        for record in source.get("elements") or []:
            if record.get("id") == semantic_id:
                handle = record.get("handle") or {}
                target = (int(handle.get("frame", 0)), handle.get("backendNodeId"))
                break
    else:
        index = getattr(source, "semantic_index", None)
        if isinstance(index, SemanticIndex):
            target = index.targets.get(semantic_id)
    if target is None or target[1] is None:
        raise AxsnapError(ErrorCode.STALE_ELEMENT,
                          f"no element {semantic_id!r} in the tab's last semantic read",
                          'read the page again with format="semantic" and use an id it lists')
    return target[0], int(target[1])
