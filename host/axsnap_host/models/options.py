"""Snapshot options: one object travels caller → extension → host.

The extension reads the capture options (stabilization, scope); the host reads the
processing options (format, pruning, redaction). Python keyword arguments of
``Browser.snapshot`` and CLI flags use the same names. Every option is strictly typed: a
``redact`` of ``"false"``, ``0`` or ``"off"`` is refused, never read as a truth value. The
extension checks the same rules before it captures (``extension/lib/generated/contract.js``,
generated from this model by ``python -m axsnap_host.native.contract --write``).
"""

from __future__ import annotations

import os
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.option_rules import Condition, OptionRule, first_problem

# "som" is the DOM channel with vision forced on: DOM text, elements and the SoM image.
SnapshotFormat = Literal[
    "snapshot", "domtext", "elements", "som", "outline", "semantic", "semantic_text"
]
DOM_FORMATS = frozenset({"domtext", "elements", "som"})
# Page understanding (semantic/): built on the walker's capture, like the DOM channel.
SEMANTIC_FORMATS = frozenset({"semantic", "semantic_text"})
ScreenshotFormat = Literal["png", "jpeg"]
OutlineFilter = Literal["all", "interactive"]
Compression = Literal["none", "delta"]
Scope = Literal["viewport", "page"]
DomSource = Literal["snapshot", "walk"]
AxSource = Literal["chromium", "walk"]
NodeIds = Literal["backend", "walker"]
SnapshotEncoding = Literal["nodes", "rows"]
# One read, several formats (also_formats): the whole page's AX capture (SnapshotV1 or the
# outline, scope "page") joined by the walker's records, rendered once per format.
AlsoFormat = Literal["snapshot", "outline", "domtext", "elements"]
ONE_READ_PRIMARY = frozenset({"snapshot", "outline"})
# the formats a whole page may name by the walker's own ids (node_ids "walker", design notes
# 144 and 154): DOM text and elements from the walk, SnapshotV1 and the outline from the walk
WALKER_ID_DOM_FORMATS = frozenset({"domtext", "elements"})
WALKER_ID_AX_FORMATS = frozenset({"snapshot", "outline"})
WALKER_ID_FORMATS = WALKER_ID_DOM_FORMATS | WALKER_ID_AX_FORMATS


class StabilizeOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enabled: StrictBool = Field(True, description="false captures at once")
    quiet_ms: StrictInt = Field(
        500, ge=0, le=60_000,
        description="no DOM mutation and no input for this long; the clock runs from the "
        "navigation on, so a page quiet that long is captured at once")
    max_wait_ms: StrictInt = Field(5_000, ge=0, le=120_000, description="capture anyway after this")
    max_pending_requests: StrictInt = Field(
        2, ge=0, le=1_000, description="at most this many requests in flight count as quiet")
    settle: StrictBool = Field(
        False, description="end the wait as soon as the page is settled (no request seen in "
        "flight, no activity during two frames, loaded, fonts loaded, no finite animation), "
        "before the quiet window is over; acts use it for their reads")


class SnapshotOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: SnapshotFormat = Field(
        "snapshot",
        description="'snapshot' (SnapshotV1), 'domtext', 'elements', 'som' (DOM text + elements + "
        "Set-of-Mark image), 'outline' (the hybrid outline), 'semantic' / 'semantic_text' (page "
        "understanding)",
    )
    pruned: StrictBool = Field(True, description="thin tree; False keeps every unignored AX node")
    redact: StrictBool = Field(
        True,
        description="mask passwords, one-time codes, tokens and card numbers in every output; "
        "only a JSON false turns it off, and every result says redacted: true|false",
    )
    stabilize: StabilizeOptions = Field(
        default_factory=StabilizeOptions,
        description="wait for a quiet page before capturing (see StabilizeOptions); the reply's "
        "stabilization report says which clock decided and how long it waited",
    )
    include_ax: StrictBool | None = Field(
        None,
        description="capture the full accessibility tree; default: yes for 'snapshot', no for "
        "the DOM channel formats, whose names and roles come from the walker (the AX tree "
        "costs seconds on large pages)",
    )
    viewport_only: StrictBool = Field(
        True, description="DOM channel: only elements in the viewport")
    viewport_expand_px: StrictInt = Field(
        0, ge=0, description="grow the viewport window (DOM channel, and the AX formats' "
        "scope 'viewport')")
    scope: Scope = Field(
        "viewport",
        description="snapshot/outline: 'viewport' reads the accessibility nodes of the window "
        "(the viewport grown by viewport_expand_px), at a cost that follows the window; "
        "'page' reads the whole page's accessibility nodes, from the walk by default "
        "(ax_source; quality.ax_source says where they came from)",
    )
    dom_source: DomSource = Field(
        "walk",
        description="DOM channel, whole page (viewport_only false): where the walker's records "
        "get their backendNodeIds and click listeners. 'walk' (default) takes them from the "
        "walk itself, for the records that can be listed only, and the click listeners off "
        "the document's root: no DOMSnapshot; 'snapshot' joins every record to a DOMSnapshot "
        "of the page, as reads did before (docs/guide/whole-page.md). A one read "
        "(also_formats) takes its DOMSnapshot anyway",
    )
    node_ids: NodeIds = Field(
        "backend",
        description="the whole page from the walk (DOM text / elements: viewport_only false, "
        "dom_source 'walk'; SnapshotV1 / outline: scope 'page', ax_source 'walk'): how an "
        "element is named for act. 'backend' (default): each listed record's backendNodeId "
        "is taken (Chromium deep-serializes it, ~40 µs a record; SnapshotV1 and the outline "
        "take every row's node too), elements say backendNodeId; 'walker': no take, each "
        "element and node is named by the walker's own id for it, acted on as "
        "{frame}-axw{walkId} (or by its index) and found again through the walker's world "
        "(stale_element once gone); the DOM text, tree, roles and names are the same "
        "(docs/guide/whole-page.md, design notes 144 and 154)",
    )
    ax_source: AxSource | None = Field(
        None,
        description="snapshot/outline, scope 'page': where the accessibility nodes come "
        "from. 'walk' (the default: unset) computes roles, names, states and text runs in "
        "the page during the walker's single pass, without getFullAXTree or a DOMSnapshot; "
        "'chromium' reads Chromium's AX tree and a DOMSnapshot (seconds more on large pages; "
        "a repeated read of the same document refetches only what changed), and is what an "
        "unset source reads in a one read with dom_source 'snapshot'. Ids: Chromium's "
        "{frame}-{backendNodeId} from either source, the ids a window read gives (a node of "
        "no DOM node, such as a <select>'s popup, is {frame}-ax{row} from the walk). With "
        "also_formats the one walk serves every format (docs/guide/whole-page.md, design "
        "note 68)",
    )
    vision: StrictBool = Field(
        False,
        description="DOM channel: also take a screenshot and return the Set-of-Mark image "
        "(always on for format 'som')",
    )
    screenshot_format: ScreenshotFormat = Field("png", description="vision: image format")
    screenshot_quality: StrictInt = Field(80, ge=0, le=100, description="vision: JPEG quality")
    screenshot_timeout_ms: StrictInt = Field(
        3000, ge=100, le=30_000, description="vision: give up on the screenshot after this"
    )
    focus: StrictStr | None = Field(
        None,
        min_length=1,
        max_length=2000,
        description="outline: only this subtree — an element id ('0-29'), an XPath from the "
        "outline's map, or a CSS selector (resolved in the main frame by the extension)",
    )
    compact: StrictBool = Field(
        False,
        description="outline: keep only ref-bearing interactive/content lines, lines whose "
        "name, value or state says something, and their ancestors",
    )
    filter: OutlineFilter = Field("all", description="outline: 'interactive' keeps controls only")
    depth: StrictInt | None = Field(None, ge=1, le=1_000, description="outline: deepest level kept")
    compression: Compression = Field(
        "none",
        description="'delta': on a repeated read of the same tab, URL and options, only what "
        "changed since the previous read (falls back to a full output, saying why)",
    )
    delta_max_change: StrictFloat = Field(
        0.5,
        gt=0.0,
        le=1.0,
        description="delta: above this fraction of changed lines, send a full output instead",
    )
    max_tokens: StrictInt | None = Field(
        None,
        ge=100,
        le=10_000_000,
        description="token budget (cl100k; outline, semantic, semantic_text): leave out the "
        "least useful lines or parts first and say what",
    )
    trace_id: StrictStr | None = Field(
        None, max_length=200, description="copied into the snapshot, for the caller's logs "
        "(a SnapshotV1 always has one: made when none is given)")
    snapshot_encoding: SnapshotEncoding = Field(
        "nodes",
        description="snapshot: 'nodes' writes ax_tree.nodes as the spec's node objects "
        "({id, role, name, value?, state?, children?, domRef?, bbox?}); 'rows' (an extension) "
        "as rows [depth, id, role, name, bbox, props] named once by ax_tree.columns: fewer "
        "tokens a node",
    )
    reuse: StrictBool = Field(
        True,
        description="answer a read of a page that provably did not change since the last "
        "read with the same options from that read's answer (timings.kept_answer says so); "
        "never for redact: false, screenshots, compression 'delta' or the semantic formats; "
        "false captures the page every time",
    )
    exact: StrictBool = Field(
        False,
        description="turn every fast path off (fast_paths.py: the answer cache, the AX window "
        "cache, the AX cache, the AX stream and DOMSnapshot bases, the early tree, the row "
        "memo, the walker's world and id caches): the read equals a cold read; also "
        "AXSNAP_EXACT=1 in the caller's environment, CLI --exact",
    )

    also_formats: list[AlsoFormat] | None = Field(
        None,
        max_length=3,
        description="one read for several formats: the page is captured once and rendered "
        "also in these formats (result.also, one result per format). Format 'snapshot' or "
        "'outline' with scope 'page'; 'domtext' and 'elements' need viewport_only false; "
        "not with compression 'delta' or vision",
    )

    @model_validator(mode="after")
    def _options_fit_the_format(self) -> SnapshotOptions:
        """An option the format does not use is refused, not ignored: a caller asking for
        ``max_tokens`` on a SnapshotV1 would otherwise get a bigger reply than it budgets
        for, with nothing saying why. With ``also_formats`` an option any of the formats
        uses is accepted (each format is given the options that concern it)."""
        asked = {self.format, *(self.also_formats or ())}
        misplaced = [name for name, formats in ONLY_FOR.items()
                     if not asked & formats and getattr(self, name) != _DEFAULTS[name]]
        if misplaced:
            uses = ", ".join(f"{name} ({'/'.join(sorted(ONLY_FOR[name]))})" for name in misplaced)
            raise ValueError(f"format {self.format!r} does not use {uses}")
        problem = first_problem(OPTION_RULES, lambda name: getattr(self, name))
        if problem:
            raise ValueError(problem)
        return self

    @property
    def wants_vision(self) -> bool:
        """The reply carries a ``vision`` part: format "som", or a DOM format with vision."""
        return self.format == "som" or (self.vision and self.format in DOM_FORMATS)


def _is(name: str, value: Any) -> Condition:
    return {"is": [name, value]}


def _not(condition: Condition) -> Condition:
    return {"not": condition}


_ONE_READ = {"present": "also_formats"}
# Options refused together, first broken rule first (models/option_rules.py says how a
# condition reads). The extension checks the same table before it captures.
OPTION_RULES: list[OptionRule] = [
    {"when": {"all": [_is("ax_source", "walk"), _not(_is("scope", "page"))]},
     "problem": "ax_source 'walk' needs scope 'page'"},
    {"when": {"all": [_is("ax_source", "walk"), {"given": "also_formats"},
                      _is("dom_source", "snapshot")]},
     "problem": "ax_source 'walk' reads every format of the one read from the walk: "
                "not with dom_source 'snapshot'"},
    {"when": {"all": [_is("node_ids", "walker"), {"any": [
        _not({"among": ["format", sorted(WALKER_ID_FORMATS)]}), {"given": "also_formats"},
        {"given": "vision"}, {"given": "include_ax"},
        {"all": [{"among": ["format", sorted(WALKER_ID_DOM_FORMATS)]}, {"any": [
            _not(_is("viewport_only", False)), _not(_is("dom_source", "walk"))]}]},
        {"all": [{"among": ["format", sorted(WALKER_ID_AX_FORMATS)]}, {"any": [
            _not(_is("scope", "page")), _is("ax_source", "chromium")]}]}]}]},
     "problem": "node_ids 'walker' is for the whole page from the walk: format 'domtext' or "
                "'elements' with viewport_only false and dom_source 'walk', or 'snapshot' or "
                "'outline' with scope 'page' and ax_source 'walk' (no also_formats, vision "
                "or include_ax)"},
    # one read of several formats (also_formats)
    {"when": {"all": [_ONE_READ, _not({"given": "also_formats"})]},
     "problem": "also_formats must name at least one format"},
    {"when": {"all": [_ONE_READ, {"any": [{"repeats": "also_formats"},
                                          {"holds": ["also_formats", "format"]}]}]},
     "problem": "also_formats must name each format once, and not the read's own format"},
    {"when": {"all": [_ONE_READ, {"any": [_not({"among": ["format", sorted(ONE_READ_PRIMARY)]}),
                                          _not(_is("scope", "page"))]}]},
     "problem": "also_formats needs format 'snapshot' or 'outline' with scope 'page'"},
    {"when": {"all": [_ONE_READ, {"meets": ["also_formats", sorted(DOM_FORMATS)]},
                      _not(_is("viewport_only", False))]},
     "problem": "also_formats 'domtext'/'elements' need viewport_only false (the whole page)"},
    {"when": {"all": [_ONE_READ, {"any": [_not(_is("compression", "none")),
                                          _is("vision", True)]}]},
     "problem": "also_formats is not for compression 'delta' or vision"},
]


# Options that only some formats use (defaults are accepted everywhere).
_OUTLINE = frozenset({"outline"})
ONLY_FOR: dict[str, frozenset[str]] = {
    "focus": _OUTLINE,
    "compact": _OUTLINE,
    "filter": _OUTLINE,
    "depth": _OUTLINE,
    "max_tokens": _OUTLINE | SEMANTIC_FORMATS,
    "compression": _OUTLINE | DOM_FORMATS,
    "vision": DOM_FORMATS,
    "dom_source": DOM_FORMATS,
    "node_ids": DOM_FORMATS | WALKER_ID_AX_FORMATS,
    "ax_source": frozenset({"snapshot", "outline"}),
    "scope": frozenset({"snapshot", "outline"}),
    "snapshot_encoding": frozenset({"snapshot"}),
}
_DEFAULTS = {name: SnapshotOptions.model_fields[name].default for name in ONLY_FOR}


EXACT_ENV = "AXSNAP_EXACT"


def exact_from_env() -> bool:
    """``AXSNAP_EXACT=1`` (or true/yes/on): the caller's reads are exact by default."""
    return os.environ.get(EXACT_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def options_for_format(options: dict[str, Any], fmt: str) -> dict[str, Any]:
    """``options`` for format ``fmt``, without those it does not use: a run of several
    formats (the demo's, the panel's "Everything") gives each the options that concern it."""
    kept = {key: value for key, value in options.items()
            if key not in ONLY_FOR or fmt in ONLY_FOR[key]}
    return {**kept, "format": fmt}


def one_read_options(per_format: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The options of one read for every format of ``per_format`` (each format's options
    as ``options_for_format`` gives them), or None when they cannot share a capture (a
    window read, a delta, vision, a format the one read does not render)."""
    primary = next((fmt for fmt in ("snapshot", "outline") if fmt in per_format), None)
    if primary is None or len(per_format) < 2:
        return None
    merged: dict[str, Any] = {}
    for options in per_format.values():
        merged.update(options)
    merged.update(format=primary, also_formats=[f for f in per_format if f != primary])
    try:
        SnapshotOptions.model_validate(merged)
    except ValidationError:
        return None
    split = {fmt: options_for_format(merged, fmt) for fmt in per_format}
    for fmt, options in split.items():
        options.pop("also_formats", None)
        if options != per_format[fmt]:
            return None  # a format would be read with other options than it asked
    return merged


def wire_options(options: dict[str, Any]) -> dict[str, Any]:
    """Validate keyword options as SnapshotOptions; return only what the caller set."""
    try:
        model = SnapshotOptions.model_validate(options)
    except ValidationError as err:
        problems = "; ".join(_problem(e) for e in err.errors())
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"bad snapshot options: {problems}",
                          "see axsnap_host.models.options.SnapshotOptions") from err
    return model.model_dump(mode="json", exclude_unset=True)


def _problem(error: Any) -> str:
    """One pydantic error as ``field: message`` (a whole-model check has no field)."""
    where = ".".join(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message
