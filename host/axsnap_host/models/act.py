"""Acting on a page: the action vocabulary, the ``act``/``find``/``wait_ready``/
``scroll_and_collect`` messages and their results.

The extension executes, the host resolves targets and writes the :class:`ActionResult`.
A refused action is still a served request: the reply is ``{ok: true, result}`` with
``result.ok`` false and ``result.error`` saying why (``stale_element``, ``ambiguous_target``
with its candidates, ``occluded`` naming the cover, ...). ``ok: false`` replies
(ErrorReply) are for requests that could not be served at all (no tab, no host, ...).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator

ActionName = Literal[
    "click", "double_click", "right_click", "hover", "focus", "type", "fill", "press",
    "select", "check", "uncheck", "scroll", "submit", "upload", "drag",
    "back", "forward", "reload",
]
ACTIONS: tuple[str, ...] = ActionName.__args__  # type: ignore[attr-defined]
# Moves in the tab's history: they take no target and no value.
HISTORY_ACTIONS = frozenset({"back", "forward", "reload"})
# Actions whose target may be left out (the page, or the focused element).
TARGETLESS = frozenset({"press", "scroll"}) | HISTORY_ACTIONS
# The longest value an action takes (characters of text to type or fill, of keys to press,
# of an option to select; each path of an upload): longer is refused with invalid_message.
MAX_VALUE_CHARS = 100_000
# Text longer than this is put in with one Input.insertText, not typed key by key.
TYPED_KEYS_MAX = 256
# The act's own deadline when none is given: readiness's cap plus this much for the rest.
ACT_TIMEOUT_MARGIN_MS = 20_000
# The most JavaScript dialogs one action answers: a page that keeps opening them is reported.
MAX_DIALOGS = 20


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RelationalTarget(_Strict):
    """Words that name an element by what it is near or inside (the structured form of
    ``'"Reply" near "Kanesha"'`` / ``'"retweet" in "@jolie"'``): give ``near`` or
    ``inside``, not both."""

    query: str = Field(min_length=1, max_length=500, description="what the element says")
    near: str | None = Field(None, min_length=1, max_length=500,
                             description="a text the element is closest to")
    inside: str | None = Field(None, min_length=1, max_length=500,
                               description="a text whose container (card, row, list item) "
                               "holds the element")

    @model_validator(mode="after")
    def _one_anchor(self) -> RelationalTarget:
        if (self.near is None) == (self.inside is None):
            raise ValueError("give exactly one of near and inside")
        return self

    def __str__(self) -> str:
        kind, anchor = ("near", self.near) if self.near is not None else ("in", self.inside)
        return f"{self.query} {kind} \"{anchor}\""


# Strictly typed: a JSON ``true`` is no index 1, a number no words.
TargetRef = Annotated[StrictStr | StrictInt | RelationalTarget, Field(union_mode="left_to_right")]
ActValue = StrictStr | list[Annotated[StrictStr, Field(max_length=4096)]]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class ReadyOptions(_Strict):
    """The quiet-window model: quiet (no DOM mutation, no input) for ``quiet_ms`` with at most
    ``max_pending_requests`` requests in flight, capped at ``max_wait_ms``. After an action,
    ``settle`` ends the wait sooner, as soon as the page is provably settled."""

    quiet_ms: int = Field(500, ge=0, le=60_000)
    max_wait_ms: int = Field(10_000, ge=0, le=120_000)
    max_pending_requests: int = Field(2, ge=0, le=1_000)
    settle: StrictBool | None = Field(
        None, description="end the wait as soon as the page is settled: no request the action "
        "started in flight, no navigation under way, no activity during two frames, the "
        "document loaded, fonts loaded, no finite animation running; false: always wait for "
        "the quiet window. Default (null): true after an action, false for wait_ready")


class ActOptions(_Strict):
    """How one action runs (``Browser.act(..., **options)``)."""

    ready: ReadyOptions = Field(default_factory=ReadyOptions)
    wait: bool = Field(True, description="wait for readiness after the action")
    dialog: Literal["accept", "dismiss"] = Field(
        "dismiss", description="what to do with a JavaScript dialog the action opens")
    force: bool = Field(False, description="skip the occlusion hit-test")
    exact: StrictBool = Field(
        False, description="every fast path off (models/fast_paths.py): the act reads the page "
        "before acting even when the last act's report read it and nothing changed since, and "
        "its reads are taken whole (as SnapshotOptions.exact)")
    delta_y: int | None = Field(None, description="scroll: pixels (default: one viewport)")
    timeout_ms: StrictInt | None = Field(
        None, ge=100, le=600_000,
        description="the act's own deadline: past it the act stops (no more input goes to "
        "the page) and answers `timeout` naming the step it waited for; default: readiness's "
        f"max_wait_ms + {ACT_TIMEOUT_MARGIN_MS} ms")


class _TabTarget(_Strict):
    tabId: int | None = Field(None, ge=0, description="chrome.tabs id; default: the active tab")
    targetId: str | None = Field(None, min_length=1, description="a CDP target id instead")


class ActMessage(_TabTarget):
    """Do one action. ``target``: a DOM text index (``12``), an element id (``"0-29"``), a
    semantic id, or words (``"Sign in"``, ``"the email field"``). ``value``: the text to
    type or fill, the keys to press (``"Enter"``, ``"Control+A"``), the option to select
    (value or label), the file paths to upload, the scroll direction (``"down"``, ``"up"``,
    ``"top"``, ``"bottom"``, ``"into_view"``). ``to``: the drop target of a ``drag``."""

    type: Literal["act"]
    action: ActionName
    target: TargetRef | None = None
    value: ActValue | None = None
    to: TargetRef | None = None
    options: ActOptions = Field(default_factory=ActOptions)


class FindMessage(_TabTarget):
    """The resolver alone: the elements a query names, best first."""

    type: Literal["find"]
    query: TargetRef
    limit: int = Field(5, ge=1, le=50)


class WaitReadyMessage(_TabTarget):
    type: Literal["wait_ready"]
    options: ReadyOptions = Field(default_factory=ReadyOptions)


class CollectMessage(_TabTarget):
    """Scroll the page (or the scrollable element ``target``) and collect DOM text elements."""

    type: Literal["scroll_and_collect"]
    target: TargetRef | None = None
    max_scrolls: int = Field(10, ge=1, le=200)
    delay_ms: int = Field(500, ge=0, le=10_000)
    until: str | None = Field(None, max_length=500,
                              description="stop once an element's text or name holds this")


# -- results ---------------------------------------------------------------------------


class ElementRef(_Open):
    """An element as the resolver and the result name it."""

    id: str | None = Field(None, description="'{frameOrdinal}-{backendNodeId}'")
    index: int | None = Field(None, description="DOM text index")
    role: str = ""
    label: str = ""
    tag: str = ""


class Candidate(ElementRef):
    score: float = Field(ge=0, le=1)


class HitTestFailure(_Open):
    """hit_test_failed: where the hit test at the click point did not answer, and why."""

    frame: str = Field("", description="the target's frame id")
    url: str = Field("", description="that frame's URL when it was read")
    devtools: str = Field("", description="why DevTools' hit test did not answer")
    in_page: str = Field("", description="why the page's own hit test did not answer")


class ActError(_Open):
    code: str
    message: str
    hint: str = ""
    candidates: list[Candidate] = Field(default_factory=list)
    cover: ElementRef | None = Field(None, description="occluded: what covers the target")
    hit_test: HitTestFailure | None = Field(None, description="hit_test_failed: the frame and "
                                            "why neither hit test answered")


class DomChanges(_Strict):
    added: list[int] = Field(default_factory=list, description="indices now listed, not before")
    removed: list[int] = Field(default_factory=list)
    changed: list[int] = Field(default_factory=list,
                               description="listed before and after, with another value, "
                               "state or text")
    moved: list[int] = Field(default_factory=list,
                             description="indices listed before and after whose place among "
                             "the others changed (a re-order: the fewest that moved)")
    lines: list[str] = Field(default_factory=list,
                             description="DOM text lines of the added and changed elements")


class Dialog(_Strict):
    type: str
    message: str
    handled: str = Field(description="'accepted' or 'dismissed'")


class LiveMessage(_Strict):
    kind: str = Field(description="status, alert, log, alertdialog, live (aria-live) or "
                      "toast (a box whose class says toast, snackbar, notification...)")
    text: str


class TextChange(_Strict):
    was: str = Field("", description="the text before the action ('' when it appeared)")
    now: str = Field("", description="the text after it ('' when it went)")


class FormSubmit(_Strict):
    """A form's submit event the action fired."""

    form: str = Field("", description="its aria-label, name or id")
    method: str = ""
    action: str = Field("", description="where it posts, scrubbed")
    prevented: bool | None = Field(None, description="true: the page's script took it over "
                                   "(preventDefault); null: not known")


class RequestSummary(_Strict):
    """The requests the action started (watched from before its input)."""

    started: int = 0
    finished: int = 0
    failed: int = 0
    pending: int = Field(0, description="still in flight when the act answered")
    first: list[str] = Field(default_factory=list,
                             description="the first few: 'POST http://…/api/save → 200'")


class Changes(_Strict):
    navigated: bool
    url: str
    title: str
    dom: DomChanges
    dialogs_opened: list[Dialog] = Field(default_factory=list,
                                         description="JavaScript dialogs (alert, confirm, "
                                         "prompt) the action opened, and how they were answered")
    modals_opened: list[str] = Field(default_factory=list,
                                     description="in-page dialogs shown after the action and "
                                     "not before (<dialog open>, role dialog/alertdialog), "
                                     "by name")
    modals_closed: list[str] = Field(default_factory=list,
                                     description="in-page dialogs shown before and gone after")
    messages: list[LiveMessage] = Field(default_factory=list,
                                        description="what status, alert and live regions and "
                                        "toasts say after the action that they did not before")
    texts: list[TextChange] = Field(default_factory=list,
                                    description="visible text that is no control and changed "
                                    "(a counter, a row's status), nearest the element acted "
                                    "on first, at most 6")
    focus: ElementRef | None = None
    value: str | None = Field(None, description="the target's value after the action "
                              "(masked where the field holds a secret)")
    submitted: list[FormSubmit] = Field(default_factory=list,
                                        description="forms whose submit event the action fired")
    requests: RequestSummary = Field(default_factory=RequestSummary)
    same_document: bool = Field(False, description="the URL or history moved within the "
                                "document (pushState, a hash) without a new one")


class Readiness(_Open):
    ready: bool
    waited_ms: float
    reasons: list[str] = Field(default_factory=list,
                               description="why it stopped waiting early or late: "
                               "dom_mutations, page_unanswered (its clock gave no answer in time "
                               "and no change was seen), network_pending, max_wait, dialog, ...")
    pending_requests: int = 0
    load: str = Field("", description="document.readyState of the main frame")
    ended_by: Literal["settled", "quiet_window", "deadline", "disabled"] | None = Field(
        None, description="which rule ended the wait: settled (the page was provably settled), "
        "quiet_window (quiet for quiet_ms), deadline (max_wait_ms reached)")
    settled_by: Literal["nothing_scheduled", "floor"] | None = Field(
        None, description="with ended_by settled, the rule that proved it: nothing_scheduled "
        "(the page set no timer, animation frame or idle callback since just before the "
        "action, and nothing changed over the next frame, two when the hover may move), floor "
        "(quiet for three frames and 60 ms, and for 60 ms from any timer the page set after "
        "its last change)")
    settled_frames: int | None = Field(
        None, description="with settled_by nothing_scheduled: the frames waited (1: the "
        "element under the pointer was the one hovered; 2: the hover could still move)")
    settle_misses: list[str] | None = Field(
        None, description="when the wait could have settled but did not: what each settle check "
        "asked said, in order (at most 4): unanswered (the page did not answer it within 1 s: a "
        "loaded renderer; the wait goes on to its quiet window), else what it found unsettled "
        "(activity, idle, timers: the page kept setting timers, fonts, animations, loading, "
        "joined by +; watch: a request or a frame's load seen by the extension since)")


class OpenedTab(_Strict):
    """A tab or popup the action opened (a target=_blank link, window.open): follow it with
    ``Browser.follow(tab)``, MCP ``tab`` switch or ``act``'s ``tab_id``."""

    tabId: int = Field(description="chrome.tabs id")
    url: str = Field("", description="what it loads, scrubbed")
    targetId: str | None = Field(None, description="its CDP target id (a window handle)")


class ActionResult(_Strict):
    ok: bool
    action: str
    target: ElementRef | None = None
    changes: Changes | None = None
    readiness: Readiness | None = None
    timings: dict[str, float] = Field(default_factory=dict)
    error: ActError | None = None
    method: str | None = Field(None, description="how it was done when not plain input "
                               "(e.g. select: 'keyboard' or 'script')")
    typed_by: str | None = Field(None, description="a fill or type: the rule that chose how its "
                                 "text went in: insert_text_no_listeners (one insertText: no "
                                 "listener for keys, input or the selection on the field's "
                                 "path), long_text (one insertText: past the typed-keys limit), "
                                 "else key by key: keys_listened, line_break, not_top_frame, "
                                 "content_editable, unread, exact")
    offscreen: bool = Field(False, description="the target was out of view (below the fold, "
                            "in a scrolled pane) and was scrolled into view before the action")
    through: str | None = Field(None, description="'label': the target (a hidden or covered "
                                "form control) was clicked through its shown label")
    press_seen: bool | None = Field(None, description="a checked click: true when its press "
                                    "was seen reaching the target (its part or its label), "
                                    "false when it was not seen at all (a page listener on "
                                    "the window stopped it first, or it fell in another "
                                    "document: a frame's parent); absent when not read "
                                    "(force, the press navigated the frame away); a press "
                                    "seen elsewhere is the error press_missed")
    opened_tabs: list[OpenedTab] = Field(default_factory=list,
                                         description="the tabs and popups the action opened")


class FindResult(_Strict):
    query: str
    decision: Literal["unique", "ambiguous", "not_found"]
    matches: list[Candidate]
    nearest: list[Candidate] = Field(
        default_factory=list, description="with not_found: the few elements nearest the "
        "query (by score, then by how alike their names read), as an act's not_found lists "
        "them; none of them a match")


class CollectStep(_Strict):
    scroll: int
    added: int
    scroll_y: float
    height: float


class CollectResult(_Strict):
    elements: list[dict[str, Any]]
    domtext: str
    steps: list[CollectStep]
    stopped: str = Field(description="max_scrolls, end_of_page, no_growth, until_matched, "
                         "or error")
    total: int
