"""No string reaches a reply uncapped: a 4 MB label costs a capped line in every format, the
cut says how much went, and redaction runs before the cut."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from axsnap_host.native.host import Host
from axsnap_host.pipeline.caps import MAX_TEXT, MAX_VALUE, cap_strings, cap_strings_plain, elide
from axsnap_host.pipeline.redaction import TOKEN_MARKER
from host_harness import FIXTURES

HUGE = 1024 * 1024  # the issue says 4 MB; every step is linear, 1 MB keeps the suite quick
# a provider key the redaction rules match (``sk_live_`` + 24 characters)
SECRET = "sk_live_" + "Ab3dEf6hIj9kLm2nOp5qRs8t"


def ask(capture: dict[str, Any], fmt: str, **options: Any) -> dict[str, Any]:
    message = {"v": 1, "id": "c", "type": "snapshot",
               "options": {"format": fmt, **options}, "capture": capture}
    (reply,) = Host().handle_text(json.dumps(message))
    assert reply["ok"], reply.get("error")
    return reply["result"]


def strings(item: Any) -> list[str]:
    """Every string value in a reply (keys aside)."""
    out: list[str] = []
    stack = [item]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            stack.extend(here.values())
        elif isinstance(here, list):
            stack.extend(here)
        elif isinstance(here, str):
            out.append(here)
    return out


def ax_capture(label: str, value: str | None = None) -> dict[str, Any]:
    """The recorded outline demo page with its first button named ``label``."""
    capture = json.loads((FIXTURES / "outline_demo.json").read_text("utf-8"))
    for node in capture["frames"][0]["axNodes"]:
        if (node.get("role") or {}).get("value") == "button" and not node.get("ignored"):
            node["name"] = {"type": "computedString", "value": label}
            return capture
    raise AssertionError("the fixture has no button")


def dom_capture(label: str) -> dict[str, Any]:
    capture = json.loads((FIXTURES / "dom_basic_whole.json").read_text("utf-8"))
    button = capture["walker"]["elements"][3]
    assert button["s"] == "button"
    button["tx"] = label
    button["a"]["aria-label"] = label
    return capture


def assert_capped(result: dict[str, Any]) -> None:
    longest = max(len(line) for text in strings(result) for line in text.split("\n")
                  if not text.startswith(("iVBOR", "/9j/")))  # base64 images stay whole
    assert longest <= MAX_TEXT + len(f"…[+{HUGE} chars]")
    assert len(json.dumps(result)) < 1_000_000


@pytest.mark.parametrize("fmt,options", [
    ("snapshot", {"scope": "page"}),
    ("outline", {"scope": "page"}),
    ("outline", {"scope": "page", "compact": True}),
])
def test_huge_label_is_capped_in_ax_formats(fmt: str, options: dict[str, Any]) -> None:
    result = ask(ax_capture("L" * HUGE), fmt, **options)
    assert_capped(result)
    went = [int(n) for s in strings(result) for n in re.findall(r"…\[\+(\d+) chars\]", s)]
    assert went and max(went) > HUGE - MAX_TEXT - 100, "the cut says how much went"


@pytest.mark.parametrize("fmt", ["domtext", "elements"])
def test_huge_label_is_capped_in_dom_formats(fmt: str) -> None:
    result = ask(dom_capture("L" * HUGE), fmt)
    assert_capped(result)
    assert any("…[+" in s for s in strings(result))


@pytest.mark.parametrize("fmt,capture", [
    ("outline", lambda label: ax_capture(label)),
    ("snapshot", lambda label: ax_capture(label)),
    ("domtext", dom_capture),
    ("elements", dom_capture),
])
def test_secret_at_the_cut_is_redacted_not_halved(fmt: str, capture: Any) -> None:
    """A secret straddles the cap (the label repeats it past the cut, whatever prefix the
    format adds): redaction, before the cut, hides all of it, the cut half too."""
    label = f"{SECRET} " * (3 * MAX_TEXT // len(SECRET))
    options = {"scope": "page"} if fmt in ("outline", "snapshot") else {}
    text = json.dumps(ask(capture(label), fmt, **options))
    assert SECRET[:10] not in text
    assert "sk_live" not in text
    assert TOKEN_MARKER[:5] in text


def test_value_cap_and_elision_mark() -> None:
    result = cap_strings({"value": "v" * 10_000, "name": "n" * 10, "list": ["t" * 3000],
                          "image": "i" * 10_000, "text": "a\n" + "b" * 5000,
                          "xpath": "/div[2]" * 500,
                          "combinedXpathMap": {"0-1": "/div[2]" * 500}})
    assert result["value"] == "v" * MAX_VALUE + f"…[+{10_000 - MAX_VALUE} chars]"
    assert result["name"] == "n" * 10
    assert result["list"][0] == elide("t" * 3000, MAX_TEXT)
    assert result["image"] == "i" * 10_000
    assert result["xpath"] == result["combinedXpathMap"]["0-1"] == "/div[2]" * 500  # locators
    assert result["text"] == "a\n" + "b" * MAX_TEXT + f"…[+{5000 - MAX_TEXT} chars]"


def test_capping_twice_changes_nothing() -> None:
    once = elide("x" * 5000, MAX_TEXT)
    assert cap_strings({"name": once, "list": [once]}) == {"name": once, "list": [once]}


@pytest.mark.parametrize(("fmt", "text_key", "capture_of"), [
    ("outline", "combinedTree", ax_capture),
    ("domtext", "domtext", dom_capture),
])
def test_size_hash_and_delta_describe_the_capped_text(fmt: str, text_key: str,
                                                      capture_of: Any) -> None:
    """The reply's size is a fresh count of what is sent, its hash is the sent parts' hash,
    and a delta on a capped base applies and checks (the client never saw the long label)."""
    from axsnap_host.pipeline.delta.apply import apply_delta
    from axsnap_host.pipeline.delta.diff import snapshot_hash
    from axsnap_host.pipeline.tokens import size_of

    host = Host()

    def read(label: str) -> dict[str, Any]:
        message = {"v": 1, "id": "c", "type": "snapshot", "options": {
            "format": fmt, "compression": "delta", **({"scope": "page"} if fmt == "outline"
                                                    else {})},
            "capture": capture_of(label)}
        (reply,) = host.handle_text(json.dumps(message))
        assert reply["ok"], reply.get("error")
        return reply["result"]

    first = read("L" * HUGE)
    assert "…[+" in json.dumps(first, ensure_ascii=False)  # the text or its records
    assert first["size"]["tokens"] == size_of(first[text_key])["tokens"]
    assert first["hash"] == snapshot_hash(first)
    second = read("M" * HUGE)
    assert second["delta"]["applied"], second["delta"]
    rebuilt = apply_delta(first, second)  # raises when the hash does not match
    assert "M" * 100 in json.dumps(rebuilt) and len(json.dumps(rebuilt)) < HUGE


@pytest.mark.parametrize(("fmt", "text_key", "capture_of"), [
    ("outline", "combinedTree", ax_capture),
    ("domtext", "elements", dom_capture),
])
def test_a_read_caps_its_text_and_records_once(monkeypatch: pytest.MonkeyPatch, fmt: str,
                                               text_key: str, capture_of: Any) -> None:
    """Capping is idempotent, so the reply's last pass (run.process) walks only the parts
    that came after the format's own cap (its id, hash, size, delta), not the text and
    records again: on a whole page's DOM text that was 30k records walked for nothing."""
    from axsnap_host.pipeline import run

    walked: list[set[str]] = []

    def counted(result: dict[str, Any]) -> dict[str, Any]:
        walked.append(set(result))
        return cap_strings(result)

    def counted_plain(result: dict[str, Any], parts: tuple[str, ...], *args: Any) -> bool:
        walked.append(set(result))  # (DOM text: capped as checked for its hash, note 130)
        return cap_strings_plain(result, parts, *args)

    monkeypatch.setattr(run, "cap_strings", counted)
    monkeypatch.setattr(run, "cap_strings_plain", counted_plain)
    result = ask(capture_of("L" * HUGE), fmt, **({"scope": "page"} if fmt == "outline" else {}))
    assert_capped(result)
    assert sum(text_key in keys for keys in walked) == 1, walked
    assert {"hash", "snapshot_id", "size"} <= walked[-1]  # what the finish added: capped
