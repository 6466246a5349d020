"""``semantic_text``: the semantic result as compact text for a model.

    page: login 0.87 "Sign in — Acme" http://127.0.0.1:8000/login
    summary: A login page "Sign in — Acme" on 127.0.0.1 with 4 controls; you can log in.
    intents: log_in [input_email, input_password, btn_sign_in]
    regions:
      main (landmark)
        input_email text_input "Email" = "ada@example.com" [required]
        btn_sign_in button "Sign in"
    content:
      0.82 h1 "Sign in to your account"
"""

from __future__ import annotations

import json
from typing import Any

from axsnap_host.pipeline.incomplete import incomplete_line

CONTENT_LINES = 15
TEXT_CHARS = 160


def _quote(text: str, limit: int = TEXT_CHARS) -> str:
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


def _state(state: dict[str, Any]) -> str:
    parts = []
    value = state.get("value")
    out = f" = {_quote(value, 60)}" if value else ""
    for key in ("checked", "selected", "expanded"):
        if key in state:
            parts.append(key if state[key] else f"not {key}")
    parts += [key for key in ("disabled", "required", "invalid") if state.get(key)]
    return out + (f" [{', '.join(parts)}]" if parts else "")


def render_semantic_text(result: dict[str, Any]) -> str:
    page = result["page"]
    score = page["scores"].get(page["type"], max(page["scores"].values(), default=0.0))
    incomplete = result.get("incomplete")
    said = incomplete_line(incomplete) if incomplete else ""
    lines = [said] if said else []  # read first: parts of the page are missing
    lines += [f"page: {page['type']} {score:.2f} {_quote(page.get('title', ''), 80)} "
             f"{page.get('url', '')}".rstrip(),
             f"summary: {page['summary']}"]
    intents = "; ".join(f"{i['intent']} [{', '.join(i['controls'])}]" if i["controls"]
                        else i["intent"] for i in page["intents"])
    if intents:
        lines.append(f"intents: {intents}")
    for flag in result.get("suspicious") or []:
        lines.append(f"suspicious: {flag['kind']} ({', '.join(flag['reasons'])}) in "
                     f"{flag['region'] or 'page'}, <{flag['tag']}> left out of content and summary")
    by_id = {el["id"]: el for el in result["elements"]}
    lines.append("regions:")
    for region in page["regions"]:
        label = f" {_quote(region['label'], 60)}" if region.get("label") else ""
        lines.append(f"  {region['id']} ({region['source']}){label}")
        for element_id in region["elements"]:
            el = by_id[element_id]
            lines.append(f"    {el['id']} {el['type']} {_quote(el['label'], 80)}"
                         f"{_state(el['state'])}")
    excluded = [f for f in result.get("frames") or [] if f.get("excluded")]
    for frame in excluded:
        lines.append(f"frame {frame['ordinal']} left out: {frame['excluded']}")
    if result["content"]:
        lines.append("content:")
        for section in result["content"][:CONTENT_LINES]:
            lines.append(f"  {section['attention']:.2f} {section['tag']} {_quote(section['text'])}")
    return "\n".join(lines) + "\n"
