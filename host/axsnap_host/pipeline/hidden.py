"""Hidden instructions: text a person cannot see that reads like an instruction to a model.

A page can hide words from its reader and still hand them to an agent: off-screen, in a
zero-size or 1 px clipping box, clipped, transparent or opacity 0, in the background's own
colour, at font-size 0, behind ``aria-hidden`` or an indent of -9999px. Such text that
reads like a prompt ("ignore previous instructions", "you are now", "system:", in several
languages) is flagged ``suspicious: hidden_instruction`` with the reasons, in every output
that carries it, and kept out of the page's content and summary. The same words in plain
sight are not flagged: a page about prompt injection may quote them.

One decision per piece of text: :func:`hiding_reasons` takes the visibility facts (from the
walker here, or from DOMSnapshot for the AX outputs) and :func:`instruction_match` the words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# Phrases that address a language model rather than a reader.
_INSTRUCTION_PATTERNS = (
    # English
    r"\b(?:ignore|disregard|forget|override)\b.{0,30}\b(?:previous|prior|above|earlier|all|"
    r"preceding|your)\b.{0,20}\b(?:instructions?|prompts?|rules|directions|messages|guidelines)",
    r"\byou are now\b", r"\bfrom now on,? you\b", r"\bact as (?:an?|the)\b",
    r"(?:^|[\s\[(<])(?:system|assistant)\s*(?:prompt)?\s*:", r"\bnew instructions?\s*:",
    r"\bdo not (?:tell|inform|reveal to) the user\b", r"\bsystem prompt\b",
    # Chinese
    r"忽略.{0,8}(?:指令|指示|说明|提示|規則|规则)", r"无视.{0,8}(?:指令|指示|规则)",
    r"你现在是", r"你現在是", r"系统\s*[:：]", r"系統\s*[:：]",
    # Vietnamese
    r"bỏ qua.{0,30}(?:hướng dẫn|chỉ dẫn|lệnh)", r"bạn bây giờ là", r"hệ thống\s*:",
    # Spanish
    r"ignora(?:r)?.{0,30}instrucciones", r"olvida.{0,30}instrucciones", r"ahora eres\b",
    r"\bsistema\s*:",
    # German
    r"ignorier(?:e|en)?.{0,30}(?:anweisungen|instruktionen|befehle)", r"\bdu bist jetzt\b",
    r"vergiss.{0,30}anweisungen",
    # French
    r"ignore[rz]?.{0,30}(?:les|tes|vos).{0,20}instructions", r"\btu es maintenant\b",
    r"\bvous êtes maintenant\b", r"\bsystème\s*:",
    # Japanese
    r"(?:以前|前|上記|これまで)の(?:指示|命令|指令).{0,6}無視", r"指示を無視", r"あなたは今",
    r"システム\s*[:：]",
)
_INSTRUCTION_RE = re.compile("|".join(f"(?:{p})" for p in _INSTRUCTION_PATTERNS),
                             re.IGNORECASE | re.DOTALL)
_RGB = re.compile(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)")
# Walker facts (inherited from a box around the text) and what each is called.
WALKER_REASONS = frozenset({"opacity_0", "aria_hidden", "clipped", "tiny_box", "zero_size",
                            "off_screen", "text_indent", "scaled_0", "covered"})
NEAR_ZERO_OPACITY = 0.05  # opacity (or filter: opacity()) at or under which text is not seen
TINY_CLIP_PX = 6  # a clipping box narrower or lower than this shows no readable text
_FILTER_OPACITY = re.compile(r"opacity\(\s*([\d.]+)(%?)\s*\)")
_MATRIX = re.compile(r"matrix\(\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*,\s*([-\d.e]+)")
SAME_COLOR_DISTANCE = 24.0  # Euclidean RGB distance under which text melts into its background


@dataclass(frozen=True, slots=True)
class Suspicion:
    kind: str  # "hidden_instruction"
    reasons: tuple[str, ...]  # how it is hidden
    match: str  # the words that read like an instruction

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "reasons": list(self.reasons), "match": self.match}

    def label(self) -> str:
        return f"suspicious: {self.kind} ({', '.join(self.reasons)})"


# Words at least one pattern needs: a cheap first pass (most text has none of them), so
# the AX outputs can ask about every named node of a 100k-node page. Matched against the
# lower-cased text; the walker's rows pass tests the same pattern (contract.js
# INSTRUCTION_TRIGGERS) to read the hiding facts of only those rows (ax_hiding.js).
INSTRUCTION_TRIGGERS = (
    r"ignor|disregard|forget|override|you are now|from now on|act as|system|assistant|"
    r"instruction|the user|忽略|无视|你现在|你現在|系统|系統|bỏ qua|bây giờ|hệ thống|olvida|"
    r"ahora eres|sistema|du bist jetzt|vergiss|anweisung|maintenant|système|無視|あなたは今|"
    r"システム")
_TRIGGERS = re.compile(INSTRUCTION_TRIGGERS)


def instruction_match(text: str) -> str | None:
    """The words of ``text`` that address a model, or None."""
    if not text or not _TRIGGERS.search(text.lower()):
        return None
    found = _INSTRUCTION_RE.search(text)
    return found.group(0).strip()[:80] if found else None


def parse_color(value: str) -> tuple[float, float, float, float] | None:
    """(r, g, b, alpha) of a computed ``rgb()``/``rgba()`` colour, None if not one."""
    if not value:
        return None
    if value.strip() == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    m = _RGB.search(value)
    if not m:
        return None
    alpha_text = m.group(4)
    if alpha_text is None:
        alpha = 1.0
    elif alpha_text.endswith("%"):
        alpha = float(alpha_text[:-1]) / 100
    else:
        alpha = float(alpha_text)
    return (float(m.group(1)), float(m.group(2)), float(m.group(3)), alpha)


def color_reasons(color: str, background: str) -> list[str]:
    """``transparent_text`` or ``same_color`` when the text cannot be told from its ground."""
    fg = parse_color(color)
    if fg is None:
        return []
    if fg[3] <= 0.05:
        return ["transparent_text"]
    bg = parse_color(background)
    if bg is None or bg[3] <= 0.05:
        return []
    distance = sum((a - b) ** 2 for a, b in zip(fg[:3], bg[:3], strict=True)) ** 0.5
    return ["same_color"] if distance * fg[3] < SAME_COLOR_DISTANCE else []


def hiding_reasons(*, inherited: list[str], font_size: float | None, color: str,
                   background: str, zero_box: bool = False) -> list[str]:
    """Every reason a person cannot read a piece of text (empty: it is in plain sight)."""
    reasons = [r for r in inherited if r in WALKER_REASONS]
    if font_size is not None and font_size < 2:
        reasons.append("font_size_0")
    if zero_box and "zero_size" not in reasons:
        reasons.append("zero_size")
    reasons.extend(color_reasons(color, background))
    return list(dict.fromkeys(reasons))


def suspicion(text: str, reasons: list[str]) -> Suspicion | None:
    """A hidden_instruction flag when the text is hidden and reads like an instruction."""
    if not reasons:
        return None
    match = instruction_match(text)
    if match is None:
        return None
    return Suspicion("hidden_instruction", tuple(reasons), match)


def _px(value: str, default: float) -> float:
    try:
        return float(value.removesuffix("px"))
    except (AttributeError, ValueError):
        return default


def filter_opacity(value: str) -> float:
    """The product of a computed ``filter``'s ``opacity()`` functions (1.0 when none)."""
    found = 1.0
    for number, percent in _FILTER_OPACITY.findall(value or ""):
        found *= float(number) / (100 if percent else 1)
    return found


def scaled_to_nothing(value: str) -> bool:
    """A computed ``transform`` that scales its box to nothing (``scale(0)``: matrix(0, 0,
    0, 0, ...)) on either axis."""
    found = _MATRIX.search(value or "")
    if found is None:
        return False
    a, b, c, d = (float(v) for v in found.groups())
    return (abs(a) < 1e-3 and abs(b) < 1e-3) or (abs(c) < 1e-3 and abs(d) < 1e-3)


def _clips(styles: dict[str, str]) -> bool:
    return "visible" not in (styles.get("overflow-x", "visible"),
                             styles.get("overflow-y", "visible"))


def _clips_own_box(elements: Sequence[Any], place: int) -> bool:
    """Whether ``elements[place]``'s overflow clips its own box: the root's is the
    viewport's, and so is the body's while the root's is visible (the walker's
    ``visibility.js clipsItsBox``, design note 285)."""
    tag = elements[place].tag
    if tag == "html":
        return False
    above = elements[place + 1] if place + 1 < len(elements) else None
    if tag == "body" and above is not None and above.tag == "html":
        return _clips(above.styles)
    return True


def dom_hiding_reasons(chain: Sequence[Any]) -> list[str]:
    """Why a person cannot read the text of a DOMSnapshot node, from the node and its
    ancestors nearest first (``DomIndex.chain``: each with ``node_type``, ``tag``,
    ``styles`` and ``bounds``). Empty when it is in plain sight. Styles missing from the
    capture count as visible."""
    elements = [info for info in chain if info.node_type == 1]
    if not elements:
        return []
    own = elements[0]
    reasons: list[str] = []
    for place, info in enumerate(elements):
        styles = info.styles
        if _px(styles.get("opacity", "1"), 1.0) <= NEAR_ZERO_OPACITY \
                or filter_opacity(styles.get("filter", "none")) <= NEAR_ZERO_OPACITY:
            reasons.append("opacity_0")
        if scaled_to_nothing(styles.get("transform", "none")):
            reasons.append("scaled_0")
        if styles.get("clip", "auto").startswith("rect") or styles.get("clip-path", "none") not in (
                "none", ""):
            reasons.append("clipped")
        clips = _clips(styles) and _clips_own_box(elements, place)
        box = info.bounds
        if clips and box is not None and (box[2] < TINY_CLIP_PX or box[3] < TINY_CLIP_PX):
            reasons.append("zero_size" if box[2] == 0 or box[3] == 0 else "tiny_box")
        if _px(styles.get("text-indent", "0"), 0.0) <= -500:
            reasons.append("text_indent")
    box = own.bounds
    if box is not None and (box[0] + box[2] <= 0 or box[1] + box[3] <= 0):
        reasons.append("off_screen")
    font = own.styles.get("font-size")
    background = next((i.styles.get("background-color", "") for i in elements
                       if (parse_color(i.styles.get("background-color", "")) or (0, 0, 0, 0))[3]
                       > 0.05), "rgb(255, 255, 255)")
    reasons += hiding_reasons(inherited=[], font_size=_px(font, 16.0) if font else None,
                              color=own.styles.get("color", ""), background=background)
    return list(dict.fromkeys(reasons))


TINY_FIELD_PX = 20  # a text field narrower than this shows no readable placeholder
# attribute → the reason its words are not seen (see unseen_attribute_suspicion)
UNSEEN_ATTRIBUTES = (("aria-label", "aria_label"), ("alt", "tiny_image"),
                     ("placeholder", "tiny_field"))


def unseen_attribute_suspicion(tag: str, attrs: dict[str, str],
                               size: tuple[float, float] | None, text: str) -> Suspicion | None:
    """Instruction words an element in plain sight hands a model and not a person: in its
    ``aria-label`` (never drawn) unless its own text says them too, in the ``alt`` of an
    image under 6 px (drawn as nothing), in the ``placeholder`` of a field under 20 px wide
    (drawn too narrow to read). Each becomes the element's name in the accessibility tree,
    so a semantic id, an intent control or a line of the outline could carry it."""
    for attr, reason in UNSEEN_ATTRIBUTES:
        value = attrs.get(attr)
        match = instruction_match(value) if value else None
        if match is None:
            continue
        if attr == "aria-label" and match.lower() in (text or "").lower():
            continue  # the words are in plain sight too
        if attr == "alt" and not (tag == "img" and size is not None
                                  and min(size) < TINY_CLIP_PX):
            continue
        if attr == "placeholder" and not (tag in ("input", "textarea") and size is not None
                                          and size[0] < TINY_FIELD_PX):
            continue
        return Suspicion("hidden_instruction", (reason,), match)
    return None
