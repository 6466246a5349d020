"""Redaction rules (secret_kind, mask, scrub_text) and their effect on the snapshot JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.models.snapshot import node_records
from axsnap_host.pipeline.redaction import (
    CARD_MARKER,
    EMPTY,
    FILLED,
    TOKEN_MARKER,
    luhn_valid,
    mask,
    scrub_text,
    secret_kind,
)
from host_harness import process_capture

# Every secret value typed into the recorded login page (tests/fixtures/pages/*.html).
SECRETS = [
    "hunter2-S3cret!",
    "492817",
    "5555555555554444",
    "737",
    "Geheim-Wort-42",
    "matkhau-bimat-9",
    "mima-zhongwen-7",
    "sk-live-AbCdEfGh1234567890ZyXw",
    "eyJhbGciOiJIUzI1NiJ9",
    "4111 1111 1111 1111",
]


def snapshot_of(capture: dict[str, Any], **options: Any) -> dict[str, Any]:
    return process_capture(capture, **options)["snapshot"]


@pytest.mark.parametrize(
    ("tag", "attrs", "label", "kind"),
    [
        ("input", {"type": "password"}, "", "password"),
        ("input", {"autocomplete": "one-time-code"}, "", "otp"),
        ("input", {"autocomplete": "section-pay billing cc-number"}, "", "card"),
        ("input", {"autocomplete": "cc-csc"}, "", "cvv"),
        ("input", {"autocomplete": "new-password", "type": "text"}, "", "password"),
        ("input", {"name": "user_password"}, "", "password"),
        ("input", {"id": "loginPasswort"}, "", "password"),
        ("input", {}, "Contraseña", "password"),
        ("input", {}, "Mot de passe", "password"),
        ("input", {}, "Mật khẩu", "password"),
        ("input", {}, "密码", "password"),
        ("input", {}, "비밀번호", "password"),
        ("input", {}, "パスワード", "password"),
        ("input", {}, "Пароль", "password"),
        ("input", {"placeholder": "Enter OTP"}, "", "otp"),
        ("input", {"name": "twoFactorCode"}, "2FA code", "otp"),
        ("input", {}, "One-time password", "otp"),
        ("input", {}, "验证码", "otp"),
        ("input", {"aria-label": "API key"}, "", "token"),
        ("textarea", {}, "Client secret", "token"),
        ("input", {"name": "access_token"}, "", "token"),
        ("input", {}, "Card number", "card"),
        ("input", {"name": "cardNumber"}, "", "card"),
        ("input", {}, "Kartennummer", "card"),
        ("input", {}, "CVV", "cvv"),
        ("input", {}, "Card security code", "cvv"),
        ("input", {"name": "cvc"}, "", "cvv"),
        ("input", {"type": "email", "name": "email"}, "Email", None),
        ("input", {"type": "search"}, "Search tokens of appreciation", None),
        ("input", {}, "Footprint", None),
        ("input", {"type": "checkbox"}, "Remember password", None),
        ("button", {}, "Forgot password?", None),
        ("div", {"role": "textbox"}, "Password", "password"),
    ],
)
def test_secret_kind(tag: str, attrs: dict[str, str], label: str, kind: str | None) -> None:
    assert secret_kind(tag, attrs, label) == kind


def test_mask_says_filled_or_empty_only() -> None:
    assert mask("hunter2") == FILLED
    assert mask("") == EMPTY and mask(None) == EMPTY
    assert "hunter2" not in mask("hunter2")


@pytest.mark.parametrize(
    ("text", "expected", "count"),
    [
        (
            "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123_-x end",
            f"token {TOKEN_MARKER} end",
            1,
        ),
        ("key sk-proj-A1b2C3d4E5f6G7h8I9j0 ok", f"key {TOKEN_MARKER} ok", 1),
        ("gh ghp_abcdefghijklmnopqrstuvwxyz0123456789", f"gh {TOKEN_MARKER}", 1),
        ("aws AKIAIOSFODNN7EXAMPLE here", f"aws {TOKEN_MARKER} here", 1),
        ("hex 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
         f"hex {TOKEN_MARKER}", 1),
        ("b64 QWxhZGRpbjpvcGVuIHNlc2FtZQ9xYzF0bGVuZ3RoMTIzNDU2Nzg5", f"b64 {TOKEN_MARKER}", 1),
        ("card 4111 1111 1111 1111.", f"card {CARD_MARKER}.", 1),
        ("card 4111-1111-1111-1111 and 5555555555554444",
         f"card {CARD_MARKER} and {CARD_MARKER}", 2),
        ("not a card 4111 1111 1111 1112", "not a card 4111 1111 1111 1112", 0),
        ("order 1234567890123", "order 1234567890123", 0),
        ("phone +1 415 555 0100, year 2024", "phone +1 415 555 0100, year 2024", 0),
        ("a_perfectly_normal_identifier_name_here", "a_perfectly_normal_identifier_name_here", 0),
        ("https://example.com/some/long/path/with-words",
         "https://example.com/some/long/path/with-words", 0),
        ("", "", 0),
        ("a" * 40 + " " + "1" * 40, "a" * 40 + " " + "1" * 40, 0),
        ("uuid 550e8400e29b41d4a716446655440000", f"uuid {TOKEN_MARKER}", 1),
    ],
)
def test_scrub_text(text: str, expected: str, count: int) -> None:
    assert scrub_text(text) == (expected, count)


def test_luhn() -> None:
    assert luhn_valid("4111111111111111") and luhn_valid("5555555555554444")
    assert not luhn_valid("4111111111111112")


@pytest.mark.parametrize("pruned", [True, False])
def test_no_secret_reaches_the_snapshot_json(login_capture: dict[str, Any], pruned: bool) -> None:
    raw_capture = json.dumps(login_capture, ensure_ascii=False)
    for secret in SECRETS:
        assert secret in raw_capture, f"fixture lost {secret!r}"
    text = json.dumps(snapshot_of(login_capture, pruned=pruned), ensure_ascii=False)
    for secret in SECRETS:
        assert secret not in text, secret


def test_markers_and_counts(login_capture: dict[str, Any]) -> None:
    snapshot = snapshot_of(login_capture)
    fields = {n["name"]: n for n in node_records(snapshot) if n["role"] == "textbox"}
    assert fields["Email"]["value"] == "ada@example.com"  # not a secret
    expected = {
        "Password": ("password", FILLED),
        "Verification code": ("otp", FILLED),
        "Card": ("card", FILLED),
        "CVC": ("cvv", FILLED),
        "Passwort": ("password", FILLED),
        "Mật khẩu": ("password", FILLED),
        "密码": ("password", FILLED),
        "Contraseña": ("password", EMPTY),
        "API key": ("token", FILLED),
    }
    for name, (kind, marker) in expected.items():
        assert (fields[name]["state"]["secret"], fields[name]["value"]) == (kind, marker), name
    # 9 secret fields + the JWT and the card number in the paragraph + the logo's data: URL
    assert snapshot["quality"]["redacted"] == len(expected) + 2 + 1


def test_unpruned_masks_text_inside_secret_fields(login_capture: dict[str, Any]) -> None:
    snapshot = snapshot_of(login_capture, pruned=False)
    nodes = {n["id"]: n for n in node_records(snapshot)}
    password = next(n for n in nodes.values()
                    if n.get("name", "") == "Password" and n["role"] == "textbox")
    inner_text = [
        nodes[g].get("name", "")
        for c in password["children"]
        for g in nodes[c]["children"]
        if nodes[g]["role"] == "StaticText"
    ]
    assert inner_text == [FILLED]
    # 9 fields, 8 filled ones with a text child, 2 free-text secrets, 1 data: URL
    assert snapshot["quality"]["redacted"] == 9 + 8 + 2 + 1


def test_redact_false_keeps_values(login_capture: dict[str, Any]) -> None:
    text = json.dumps(snapshot_of(login_capture, redact=False), ensure_ascii=False)
    assert "hunter2" not in text  # Chrome itself reports password values as bullets
    assert "492817" in text and "Geheim-Wort-42" in text
