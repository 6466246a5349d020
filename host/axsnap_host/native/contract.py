"""Generate ``extension/lib/generated/contract.js``: the option rules, the error codes and the
hashed snapshot parts, from the host's models, so no contract is written twice by hand; and
``extension/lib/walker/src/generated_contract.js``, the few rules the in-page walker shares
with the host (it imports nothing outside its own folder: ``scripts/build_walker.mjs``).

``python -m axsnap_host.native.contract --write`` rewrites both files (``--check`` exits 1 when
one is stale; ``tests/unit/test_contract.py`` does the same in CI). The extension validates
every request with these rules before it captures anything
(``extension/lib/router/options_check.js``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from axsnap_host.act.targets import lookup_forms
from axsnap_host.models.act import (
    ACT_TIMEOUT_MARGIN_MS,
    ACTIONS,
    MAX_DIALOGS,
    MAX_VALUE_CHARS,
    TARGETLESS,
    TYPED_KEYS_MAX,
    ReadyOptions,
)
from axsnap_host.models.capture import DOM_SNAPSHOT_STYLES
from axsnap_host.models.card_fields import CARD_PATTERN
from axsnap_host.models.context_names import CONTEXT_NAME_MAX, REGION_ONLY_WORDS
from axsnap_host.models.dialogs import DIALOG_CLASS_WORDS, dialog_selector
from axsnap_host.models.errors import ErrorCode
from axsnap_host.models.fast_paths import FAST_PATHS
from axsnap_host.models.field_secrets import OTHER_SECRET_PATTERN
from axsnap_host.models.id_slug import (
    GLUED_LABEL_LEAST,
    ID_LABEL_WORDS,
    ID_PLACE_WORDS,
    ID_UNITS,
    SIGN_WORDS,
    SIGNED_NUMBER_PATTERN,
    UNSPACED_LETTERS_PATTERN,
)
from axsnap_host.models.markup_names import (
    CLASS_LOOK_WORDS,
    CLASS_SHOWN_WORDS,
    CLASS_STATE_WORDS,
    OWN_NAME_ATTRS,
)
from axsnap_host.models.menus import MENU_ROLES, MENU_WORDS
from axsnap_host.models.options import (
    DOM_FORMATS,
    ONE_READ_PRIMARY,
    ONLY_FOR,
    OPTION_RULES,
    SEMANTIC_FORMATS,
    SnapshotOptions,
)
from axsnap_host.models.policy import policy_for_js
from axsnap_host.models.walker_wire import wire_contract
from axsnap_host.models.wire import AxStreamFrame
from axsnap_host.native.chunk_deflate import chunk_contract

__all__ = ["CONTRACT_JS", "ONLY_FOR", "WALKER_CONTRACT_JS", "contract", "main", "render",
           "render_walker", "walker_contract"]
from axsnap_host.pipeline.ax.prune import role_tables
from axsnap_host.pipeline.ax.rows import CDP_STATE_PROPERTIES, DROPPED_ROLES
from axsnap_host.pipeline.delta.diff import ALL_PARTS
from axsnap_host.pipeline.hidden import INSTRUCTION_TRIGGERS

CONTRACT_JS = Path(__file__).resolve().parents[3] / "extension/lib/generated/contract.js"
WALKER_CONTRACT_JS = (Path(__file__).resolve().parents[3]
                      / "extension/lib/walker/src/generated_contract.js")

_BOUNDS = {"minimum": "min", "maximum": "max", "exclusiveMinimum": "exclusiveMin",
           "exclusiveMaximum": "exclusiveMax", "minLength": "minLength",
           "maxLength": "maxLength", "pattern": "pattern"}
_KINDS = {"boolean", "integer", "number", "string"}


def rule_for(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """One option's rule from its JSON Schema: ``{kind, nullable, default, min, max, ...}``
    with ``values`` for an enum and ``fields`` (and no default) for a nested object."""
    rule: dict[str, Any] = {}
    branches = schema.get("anyOf")
    if branches:
        kept = [branch for branch in branches if branch.get("type") != "null"]
        if len(kept) != 1:
            raise ValueError(f"unsupported option schema {schema}")
        rule = rule_for({**kept[0], **{k: v for k, v in schema.items() if k != "anyOf"}}, defs)
        rule["nullable"] = len(kept) < len(branches)
        return rule
    if "$ref" in schema:
        target = defs[schema["$ref"].rsplit("/", 1)[1]]
        return {"kind": "object", "nullable": False, "fields": rules_of(target, defs)}
    if schema.get("type") == "array":  # a list of one kind of value (also_formats)
        rule = {"kind": "array", "items": rule_for(schema["items"], defs)}
        if "maxItems" in schema:
            rule["maxItems"] = schema["maxItems"]
    elif "enum" in schema or "const" in schema:
        rule = {"kind": "enum", "values": list(schema.get("enum", [schema.get("const")]))}
    elif schema.get("type") in _KINDS:
        rule = {"kind": schema["type"]}
    else:
        raise ValueError(f"unsupported option schema {schema}")
    rule["nullable"] = False
    for key, name in _BOUNDS.items():
        if key in schema:
            rule[name] = schema[key]
    if "default" in schema:
        rule["default"] = schema["default"]
    return rule


def rules_of(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    return {name: rule_for(prop, defs) for name, prop in schema["properties"].items()}


def contract() -> dict[str, Any]:
    """What the extension needs to know of the host's models, as JSON-ready data."""
    schema = SnapshotOptions.model_json_schema()
    options = rules_of(schema, schema.get("$defs", {}))
    return {
        "OPTIONS": options,
        "ONLY_FOR": {name: sorted(formats) for name, formats in ONLY_FOR.items()},
        # options refused together (models/option_rules.py says how a condition reads)
        "OPTION_RULES": OPTION_RULES,
        "FORMATS": options["format"]["values"],
        # one read of several formats (also_formats): the formats that may lead it
        "ONE_READ_PRIMARY": sorted(ONE_READ_PRIMARY),
        "DOM_FORMATS": sorted(DOM_FORMATS),
        "SEMANTIC_FORMATS": sorted(SEMANTIC_FORMATS),
        "DOM_SNAPSHOT_STYLES": list(DOM_SNAPSHOT_STYLES),
        "AX_PROPERTIES": list(CDP_STATE_PROPERTIES),
        "AX_DROPPED_ROLES": sorted(DROPPED_ROLES),
        # the fields of each frame a capture stream's end names (ax_stream.js end())
        "AX_STREAM_FRAME_FIELDS": list(AxStreamFrame.model_fields),
        # the walker's records as rows under key tables (models/walker_wire.py)
        "WALKER_WIRE": wire_contract(),
        # a large reply's frames deflated (native/chunk_deflate.py, lib/native/chunks.js)
        "CHUNK_ENCODING": chunk_contract(),
        "ERROR_CODES": {code.name: code.value for code in ErrorCode},
        "HASH_PARTS": list(ALL_PARTS),
        "ACTIONS": list(ACTIONS),
        "TARGETLESS_ACTIONS": sorted(TARGETLESS),
        "READY_OPTIONS": rules_of(ReadyOptions.model_json_schema(), {}),
        # who may send what: other extensions (agent) and serve/MCP (outside)
        "CALLER_POLICY": policy_for_js(),
        # models/fast_paths.py: what `exact` turns off (lib/reuse/fast_paths.js asks by name)
        "FAST_PATHS": [path.name for path in FAST_PATHS],
        # pipeline/hidden.py: the words an instruction needs (the walk reads the hiding facts
        # of the rows whose name has one: lib/walker/src/ax_hiding.js)
        "INSTRUCTION_TRIGGERS": INSTRUCTION_TRIGGERS,
        # pipeline/ax/prune.py's tables: the walk takes no id of a row a pruned SnapshotV1
        # or outline never prints (src/printed_rows.js, design notes 87 and 105)
        "PRUNE_TABLES": {key: sorted(roles) for key, roles in role_tables().items()},
        "ACT_LIMITS": {"MAX_VALUE_CHARS": MAX_VALUE_CHARS, "TYPED_KEYS_MAX": TYPED_KEYS_MAX,
                       "ACT_TIMEOUT_MARGIN_MS": ACT_TIMEOUT_MARGIN_MS,
                       "MAX_DIALOGS": MAX_DIALOGS},
        # act/targets.py: the targets the host's act lookup may name (lib/act/before.js)
        "LOOKUP_FORMS": lookup_forms(),
        # models/dialogs.py: a dialog by its markup (the act's report of modals opened and
        # closed: lib/act/readiness.js MODALS)
        "DIALOG_SELECTOR": dialog_selector(),
    }


def walker_contract() -> dict[str, Any]:
    """The rules the in-page walker shares with the host, as JSON-ready data."""
    return {
        # models/dialogs.py: what marks a box as a dialog (src/person_context.js, and the
        # host's semantic/dialog_front.py)
        "DIALOG_SELECTOR": dialog_selector(),
        "DIALOG_CLASS_WORDS": list(DIALOG_CLASS_WORDS),
        # models/menus.py: what marks a box or an item as a menu's (src/tally_words.js, and
        # the host's semantic/page_words.py)
        "MENU_WORDS": list(MENU_WORDS),
        "MENU_ROLES": list(MENU_ROLES),
        # models/markup_names.py: the attributes that name an element to its authors
        # (src/twin_own.js, and the host's semantic/read_twins.py)
        "OWN_NAME_ATTRS": list(OWN_NAME_ATTRS),
        # and the words of a class that name nothing a wordless control shows (src/twin_own.js,
        # semantic/read_twins.py; note 300)
        "CLASS_LOOK_WORDS": list(CLASS_LOOK_WORDS),
        "CLASS_STATE_WORDS": list(CLASS_STATE_WORDS),
        "CLASS_SHOWN_WORDS": list(CLASS_SHOWN_WORDS),
        # models/field_secrets.py: a password box's secret that is no password of the account
        # (src/tally_passwords.js, and the host's semantic/page_features.py; note 303)
        "OTHER_SECRET_PATTERN": OTHER_SECRET_PATTERN,
        # models/card_fields.py: a payment card's field (src/tally.js, and the host's
        # semantic/account_forms.py; notes 310 and 315)
        "CARD_PATTERN": CARD_PATTERN,
        # models/id_slug.py: how a name becomes an id's words (src/twins_last.js idWords, and
        # the host's semantic/ids.py slug; notes 218 and 306)
        "ID_LABEL_WORDS": ID_LABEL_WORDS,
        "ID_PLACE_WORDS": ID_PLACE_WORDS,
        "ID_UNITS": list(ID_UNITS),
        "SIGNED_NUMBER_PATTERN": SIGNED_NUMBER_PATTERN,
        "SIGN_WORDS": SIGN_WORDS,
        # and a label out of its row's words (src/run.js withoutLabel, semantic/id_words.py
        # minus; note 327)
        "UNSPACED_LETTERS_PATTERN": UNSPACED_LETTERS_PATTERN,
        "GLUED_LABEL_LEAST": GLUED_LABEL_LEAST,
        # models/context_names.py: when a control's place names it (src/context_name.js, and
        # the host's pipeline/elements/model.py; notes 185 and 313)
        "CONTEXT_NAME_MAX": CONTEXT_NAME_MAX,
        "REGION_ONLY_WORDS": list(REGION_ONLY_WORDS),
    }


def render_walker() -> str:
    """The text of the walker's generated_contract.js: plain constants (the walker is bundled
    into one function run in the page; nothing there may change them)."""
    lines = [
        "// GENERATED by `python -m axsnap_host.native.contract --write` from the host's models",
        "// (models/dialogs.py, models/menus.py, models/markup_names.py,",
        "// models/field_secrets.py, models/id_slug.py). Do not edit: tests/unit/test_contract.py",
        "// fails when it is stale.",
    ]
    for name, value in walker_contract().items():
        text = json.dumps(value, ensure_ascii=False)
        lines += ["", f"export const {name} = Object.freeze({text});"]
    return "\n".join(lines) + "\n"


def _outputs() -> dict[Path, str]:
    return {CONTRACT_JS: render(), WALKER_CONTRACT_JS: render_walker()}


def render() -> str:
    """The text of contract.js."""
    lines = [
        "// GENERATED by `python -m axsnap_host.native.contract --write` from the host's models",
        "// (models/options.py SnapshotOptions, models/errors.py ErrorCode, pipeline/delta/diff.py",
        "// ALL_PARTS, models/act.py ACTIONS, ReadyOptions, limits, models/wire.py AxStreamFrame,",
        "// models/walker_wire.py WalkerRows, pipeline/hidden.py INSTRUCTION_TRIGGERS,",
        "// pipeline/ax/prune.py's role tables, models/policy.py POLICY,",
        "// act/targets.py lookup_forms, models/dialogs.py).",
        "// Do not edit:",
        "// tests/unit/test_contract.py fails when it is stale.",
        "",
        "const deepFreeze = (value) => {",
        "  if (value && typeof value === 'object') Object.values(value).forEach(deepFreeze);",
        "  return Object.freeze(value);",
        "};",
    ]
    for name, value in contract().items():
        text = json.dumps(value, indent=2, ensure_ascii=False)
        lines += ["", f"export const {name} = deepFreeze({text});"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        for path, text in _outputs().items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(path)
        return 0
    if args == ["--check"]:
        stale = [path for path, text in _outputs().items()
                 if (path.read_text("utf-8") if path.exists() else "") != text]
        for path in stale:
            print(f"{path} is stale: run python -m axsnap_host.native.contract --write",
                  file=sys.stderr)
        return 1 if stale else 0
    print("usage: python -m axsnap_host.native.contract --write | --check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
