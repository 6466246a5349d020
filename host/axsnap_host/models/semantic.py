"""The ``semantic`` result (format "semantic"): page type, intents, regions, elements with
semantic ids, attention-ranked content, frames and hidden-instruction flags.

``python -m axsnap_host.models.semantic --schema > schemas/semantic.schema.json`` writes its
JSON Schema (a unit test keeps the two equal and validates real results against it).
"""

from __future__ import annotations

import json
import sys
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from axsnap_host.models.incomplete import Incomplete

PageType = Literal["search_engine", "search_results", "login", "register", "form", "article",
                   "list", "email_compose", "email_inbox", "dashboard", "settings", "checkout",
                   "unknown"]
ElementType = Literal["button", "link", "text_input", "password_input", "textarea", "checkbox",
                      "radio", "select", "file_input", "image", "video", "tab", "menu_item",
                      "list_item"]
Box = list[int]  # x, y, width, height in main-document CSS pixels


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Signal(_Strict):
    type: str = Field(description="the page type the signal counts for")
    signal: str = Field(description="kind:detail — url, form, stats, keyword or layout")
    weight: float


class Intent(_Strict):
    intent: str = Field(description="log_in, register, search, filter, sort, paginate, compose, "
                                    "reply, check_out, change_setting, submit_form, create, read")
    controls: list[str] = Field(description="semantic ids of the controls that do it")


class Region(_Strict):
    id: str
    kind: Literal["header", "navigation", "main", "sidebar", "footer", "dialog", "form"]
    source: Literal["landmark", "layout"]
    label: str
    bounds: Box | None
    elements: list[str]


class Page(_Strict):
    type: PageType
    scores: dict[str, float] = Field(description="every page type, 0–1")
    signals: list[Signal]
    intents: list[Intent]
    regions: list[Region]
    summary: str
    url: str
    title: str


class Handle(_Strict):
    """What an action needs: the node in its frame, from a given semantic read."""

    semanticId: str
    backendNodeId: int | None
    frame: int = Field(description="frame ordinal (0: main frame, as the outline numbers them)")
    revision: int = Field(description="the tab's semantic read this handle comes from")


class ElementState(_Strict):
    value: str | None = None
    checked: bool | None = None
    selected: bool | None = None
    expanded: bool | None = None
    disabled: bool | None = None
    required: bool | None = None
    invalid: bool | None = None


class Element(_Strict):
    id: str = Field(description="semantic id: btn_sign_in, input_search, "
                                "btn_delete_near_order_1001")
    type: ElementType
    label: str
    actions: list[str]
    state: ElementState
    region: str
    bounds: Box
    relations: dict[str, Any]
    href: str | None = None
    handle: Handle


class ContentScores(_Strict):
    position: float
    area: float
    font: float
    semantic: float


class ContentSection(_Strict):
    text: str
    tag: str
    region: str
    bounds: Box
    scores: ContentScores
    attention: float = Field(description="0.35 position + 0.25 area + 0.15 font + 0.25 semantic")


class Frame(_Strict):
    ordinal: int
    url: str
    origin: str
    main: bool
    bounds: Box | None
    visibility: Literal["visible", "invisible", "not_rendered"]
    status: Literal["captured", "cross_origin_restricted", "not_read"]
    ad: bool | None = None
    excluded: str | None = Field(None, description="why the frame is left out of the semantics")


class Suspicious(_Strict):
    suspicious: Literal["hidden_instruction"]
    kind: Literal["hidden_instruction"]
    reasons: list[str] = Field(description="how the text is hidden from a person")
    match: str = Field(description="the words that read like an instruction to a model")
    tag: str
    region: str
    frame: int
    bounds: Box


class LeftOut(_Strict):
    elements: int
    content: int


class Budget(_Strict):
    """``max_tokens``: what the reply was cut to, and what it left out."""

    max_tokens: int
    tokens_before: int = Field(description="cl100k tokens of the whole result")
    tokens: int = Field(description="cl100k tokens of the result without this report")
    fits: bool
    left_out: LeftOut


class SemanticResult(_Strict):
    incomplete: Incomplete | None = Field(
        None, description="present only when this read is missing part of the page: why")
    page: Page
    elements: list[Element]
    content: list[ContentSection]
    frames: list[Frame]
    suspicious: list[Suspicious]
    revision: int
    budget: Budget | None = None


def semantic_schema_text() -> str:
    schema = SemanticResult.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://axsnap.dev/schemas/semantic.schema.json"
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["--schema"]:
        print("usage: python -m axsnap_host.models.semantic --schema", file=sys.stderr)
        return 2
    sys.stdout.write(semantic_schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
