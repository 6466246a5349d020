"""One rule for what the host's act lookup may name, in both languages: the extension's
``mayBeLookedUp`` (lib/act/before.js, its patterns from the generated contract,
act/targets.py ``lookup_forms``) says a target may be looked up exactly when the host's
``parse_target`` reads it as an index, an element id or a semantic id: over every code point
this Python's Unicode database assigns, alone and after an id's prefix, and over ids, words and
digits of many scripts (design note 169)."""

from __future__ import annotations

import json
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from axsnap_host.act.targets import parse_target
from axsnap_host.models.errors import AxsnapError

ROOT = Path(__file__).resolve().parents[2]
LOOKED_UP_KINDS = {"index", "element_id", "semantic"}

EXTENSION_SAYS = """
import { readFileSync } from 'node:fs';
import { mayBeLookedUp } from %s;
const targets = JSON.parse(readFileSync(process.argv[1], 'utf8'));
process.stdout.write(JSON.stringify(targets.map((target) => mayBeLookedUp({ target }))));
"""

WRITTEN = ["12", "[12]", " 0-29 ", "1-axw7", "0-ax5", "btn_sign_in", "sign_in", "btn_登录",
           "Btn_登录", "link_café_menu", "input_имя", "item_٣", "el_ﾛｸﾞｲﾝ", "tab_ελληνικά",
           "menu_ملف", "btn_साइन_इन", "btn_", "btn__x", "x_1", "١٢", "[١٢]", "٣-٤٥", "०-axw४",
           "Sign in", "登录", "btn sign in", "weiter_zur_kasse_ü", "btn_x\u0301", "btn_Ⅻ",
           "btn_ǅ", "btn_ß", "btn_ﬁ", "1234567890", "12345-6"]


def _host_says(target: str) -> bool:
    try:
        return parse_target(target).kind in LOOKED_UP_KINDS
    except AxsnapError:
        return False


def _assigned() -> list[str]:
    return [chr(code) for code in range(0x110000) if not 0xD800 <= code < 0xE000
            and unicodedata.category(chr(code)) != "Cn"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_extension_asks_a_lookup_exactly_for_what_the_host_looks_up(tmp_path: Path) -> None:
    chars = _assigned()
    targets = WRITTEN + chars + [f"btn_{char}" for char in chars] + [f"{char}-1" for char in chars]
    cases = tmp_path / "targets.json"
    cases.write_text(json.dumps(targets), "utf-8")
    module = json.dumps((ROOT / "extension/lib/act/before.js").as_uri())
    out = subprocess.run(["node", "--input-type=module", "-e", EXTENSION_SAYS % module,
                          str(cases)], capture_output=True, text=True, check=True, timeout=120)
    extension = json.loads(out.stdout)
    differ = [(target, said) for target, said in zip(targets, extension, strict=True)
              if said != _host_says(target)]
    assert differ == [], f"{len(differ)} targets read apart, e.g. {differ[:10]}"
    assert [_host_says(t) for t in WRITTEN[:8]] == [True] * 3 + [True, False, True, True, True]
