"""Which walker records DOM text lists: interactive, visible, each its own target.

- interactive: a walker reason (form control, a[href], onclick, interactive ARIA role,
  tabindex ≥ 0, contenteditable, action attribute, a <label> of an enabled control, or the
  element where cursor:pointer starts), a click-type event listener, or an interactive AX
  role (:func:`candidates`, each record asked once a read);
- visible and its own target (:func:`select_interactive`; pipeline/dom/targets.py: what
  counts as a target of its own);
- a label folded into the control it names or wraps (:func:`fold_labels`,
  :func:`drop_named_labels`).
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.targets import (
    WEAK_REASONS,
    container_of,
    delegated,
    drop_repeating_containers,
    part_of,
)
from axsnap_host.pipeline.dom.walker_merge import Joined

INTERACTIVE_AX_ROLES = frozenset({
    "button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider", "spinbutton",
    "treeitem", "listbox", "TextField", "PopUpButton", "ToggleButton", "DisclosureTriangle",
})


Candidates = list[tuple[Joined, list[str]]]


def candidates(joined: list[Joined]) -> Candidates:
    """Every record with a reason to be listed, in document order, with its reasons: what
    :func:`select_interactive` chooses from (a read that selects twice asks once)."""
    out: Candidates = []
    for j in joined:
        rec = j.rec
        if not (rec.get("c") or j.clickable or rec.get("ic")) \
                and j.ax_role not in INTERACTIVE_AX_ROLES:
            continue  # no reason of any kind (_reasons would say none): most records
        reasons = _reasons(j, joined)
        if reasons:
            out.append((j, reasons))
    return out


def _reasons(j: Joined, joined: list[Joined]) -> list[str]:
    reasons = list(j.rec.get("c") or [])
    if j.clickable and j.tag not in ("html", "body"):
        reasons.append("clickable")
    elif not reasons and delegated(joined, j):
        reasons.append("delegated")
    if j.ax_role in INTERACTIVE_AX_ROLES and not reasons:
        reasons.append("ax-role")
    return reasons


# A window grown this far is a whole-page read (acting's, extension/lib/act/route.js
# ACT_EXPAND_PX): it lists what lies below a scroll box's fold too, as viewport_only=False
# does, so words name a row the box has not scrolled to yet (issue 32).
WHOLE_PAGE_WINDOW_PX = 10_000

# The name sources by which an input says the words of the label standing for it (a hidden
# control's label): its label's, or an `aria-label` repeating them (Streamlit's checkbox).
_NAMED_AS_LABEL = frozenset({"label", "aria-label"})


def _visible(j: Joined, options: SnapshotOptions, present: bool = False) -> bool:
    rec = j.rec
    r = rec.get("r") or [0, 0, 0, 0]
    if not rec.get("vis") or r[2] <= 0 or r[3] <= 0:
        return False
    if present:
        return True  # shown or not (covered, below a fold, outside the window): it has a box
    if rec.get("top") == 0:
        return False
    if rec.get("clip") and options.viewport_only \
            and options.viewport_expand_px < WHOLE_PAGE_WINDOW_PX:
        return False  # beyond a scroll box's fold: only a whole-page read lists it
    return not (options.viewport_only and not rec.get("win"))


def select_interactive(
    joined: list[Joined], options: SnapshotOptions, present: bool = False,
    among: Candidates | None = None,
) -> list[tuple[Joined, list[str]]]:
    """Interactive, visible records in document order, each with its reasons
    (pipeline/dom/targets.py: what counts as a target of its own). ``present``: shown
    or not (covered, below a fold, outside the window), as long as it has a box.
    ``among``: the read's :func:`candidates`, when it has them already."""
    chosen: dict[int, list[str]] = {}
    picked: list[tuple[Joined, list[str]]] = []
    ups: list[int] = []  # each picked record's container
    containers: dict[int, int] = {}  # container_of's memo: records come in document order
    for j, reasons in candidates(joined) if among is None else among:
        up = container_of(joined, j, chosen, containers)
        if up >= 0 and part_of(reasons, chosen[up]):
            continue
        if not _visible(j, options, present):
            continue
        chosen[j.rid] = reasons
        picked.append((j, reasons))
        ups.append(up)
    return drop_repeating_containers(joined, picked, chosen, ups)


def fold_labels(
    chosen: list[tuple[Joined, list[str]]], joined: list[Joined]
) -> tuple[list[tuple[Joined, list[str]]], dict[int, str]]:
    """Drop a ``<label>`` listed only for being clickable when it wraps a listed control.

    Clicking such a label just forwards to its control, so one line is enough: the
    control's, which takes the label's text as its ``label`` (returned by record id). A label
    whose radio or checkbox is visually hidden is not folded: it is the control a person
    presses (:func:`drop_named_labels` drops the input instead).
    """
    labels = {j.rid for j, reasons in chosen if j.tag == "label" and set(reasons) <= WEAK_REASONS
              and not (j.rec.get("st") or {}).get("hiddenControl")}
    if not labels:
        return chosen, {}
    label_of: dict[int, int] = {}
    # record → the nearest of it and its ancestors that is such a label (-1: none): each
    # ancestor looked at once for all the listed elements under it
    nearest: dict[int, int] = {}
    for j, _ in chosen:
        if j.tag == "option" or j.rid in labels:
            continue  # the options of a labelled <select>: the label names the select
        label = _nearest_in(joined, j.rec.get("p", -1), labels, nearest)
        if label >= 0:
            label_of[j.rid] = label
    folded = set(label_of.values())
    texts = {rid: str(joined[label].rec.get("tx") or "").strip() for rid, label in label_of.items()}
    return [(j, r) for j, r in chosen if j.rid not in folded], texts


def _nearest_in(joined: list[Joined], start: Any, wanted: set[int],
                nearest: dict[int, int]) -> int:
    """The first of record ``start`` and its ancestors (``p``) in ``wanted``, or -1;
    ``nearest`` keeps the answer of every record it passed, for the next ask."""
    path: list[int] = []
    p = start
    found = -1
    while isinstance(p, int) and p >= 0:
        if p in wanted:
            found = p
            break
        known = nearest.get(p)
        if known is not None:
            found = known
            break
        path.append(p)
        p = joined[p].rec.get("p", -1)
    for rid in path:
        nearest[rid] = found
    return found


def drop_named_labels(chosen: list[tuple[Joined, list[str]]]) -> list[tuple[Joined, list[str]]]:
    """Drop a ``<label for>`` listed only for being clickable when the field it names is
    listed under its words (the element model's name, source "label"): one control, one
    line. A label in front of a visually hidden radio or checkbox stays as the control (and
    the hidden input goes)."""
    fronts: dict[str, list[list[Any]]] = {}
    for j, r in chosen:
        if j.tag == "label" and set(r) <= WEAK_REASONS and (j.rec.get("st") or {}).get(
                "hiddenControl"):
            fronts.setdefault(str(j.rec.get("nm")), []).append(j.rec.get("r") or [])
    if fronts:  # the input its label stands for goes (tiny, or clipped away inside it)
        chosen = [(j, r) for j, r in chosen if not (
            j.tag == "input" and j.rec.get("ns") in _NAMED_AS_LABEL and j.rec.get("nm") in fronts
            and (_tiny(j) or any(_centre_inside(j.rec.get("r"), box) for box in fronts[
                str(j.rec.get("nm"))])))]
    named = {str(j.rec.get("nm")) for j, _ in chosen
             if j.tag != "label" and j.rec.get("ns") == "label" and j.rec.get("nm")}
    if not named:
        return chosen
    return [(j, r) for j, r in chosen
            if not (j.tag == "label" and set(r) <= WEAK_REASONS and j.rec.get("nm") in named
                    and not (j.rec.get("st") or {}).get("hiddenControl"))]


def _inside(rect: Any, box: list[Any]) -> bool:
    """Whether ``rect`` ([x, y, w, h]) lies within ``box`` (a pixel of rounding either side)."""
    if not (isinstance(rect, list) and len(rect) == 4 and len(box) == 4):
        return False
    if not all(isinstance(v, int | float) for v in (*rect, *box)):
        return False
    x, y, w, h = rect
    bx, by, bw, bh = box
    return bx - 1 <= x and by - 1 <= y and x + w <= bx + bw + 1 and y + h <= by + bh + 1


def _centre_inside(rect: Any, box: list[Any]) -> bool:
    """Whether the centre of ``rect`` ([x, y, w, h]) lies within ``box``: an input kept whole
    in a 1 px wrapper (React Aria's VisuallyHidden) pokes out of its label's box; its centre
    does not (design note 273)."""
    if not (isinstance(rect, list) and len(rect) == 4
            and all(isinstance(v, int | float) for v in rect)):
        return False
    x, y, w, h = rect
    return _inside([x + w / 2, y + h / 2, 0, 0], box)


def _tiny(j: Joined) -> bool:  # ≤ 2 px a side: the walker's hidden control (person_state.js)
    return any(isinstance(v, int | float) and v <= 2 for v in (j.rec.get("r") or [0, 0, 0, 0])[2:4])
