"""Which decider types new pages best: the rules, a kept model, or the rules handing over to it?

The product types a page by its rules (host/axsnap_host/semantic/classify.py) and asks its
shipped model only where no rule reaches ``UNKNOWN_BELOW`` (design note 220). Fitted on the
sets before each held-out set, a model alone typed the newest sets better than the rules did
when those sets were scored (design note 290). This bench types dumped pages
(bench/semantic_pooled.py ``dump``) with every decider named in ``DECIDERS``, the model read
from a weights file that ``bench/semantic_learned.py export --out`` wrote *before* the pages
were labelled, so that its answers are as held out as the rules':

    .venv/bin/python bench/semantic_deciders.py DUMP.jsonl \
        --weights bench/results/learned_type_fit65.json

Runs in the product's venv: the model is applied by the host's own arithmetic
(``LearnedType``), no scikit-learn.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "host"))

from axsnap_host.semantic.classify import classify
from axsnap_host.semantic.learned_type import LearnedType
from axsnap_host.semantic.page_features import Features

KNOWN = {field.name for field in dataclasses.fields(Features)}


@dataclasses.dataclass(frozen=True)
class Verdicts:
    """One page's answers: the rules' type and top score, the model's type and share."""

    rules: str
    rules_top: float
    model: str
    model_share: float


# Each decider, named by what it does; registered before any page it is scored on is labelled
# (bench/results/page_type_deciders_lead82.md says which were registered when).
DECIDERS: dict[str, Callable[[Verdicts], str]] = {
    "rules": lambda v: v.rules,
    "model": lambda v: v.model,
    "model where the rules' top < 0.6": lambda v: v.model if v.rules_top < 0.6 else v.rules,
    "model at share >= 0.8 where the rules' top < 0.75":
        lambda v: v.model if v.model_share >= 0.8 and v.rules_top < 0.75 else v.rules,
}


def verdicts(features: dict[str, Any], model: LearnedType) -> Verdicts:
    kind, scores, _ = classify(Features(**{k: v for k, v in features.items() if k in KNOWN}))
    learned, share = model.type_of(features)
    return Verdicts(kind, max(scores.values()), learned, share)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dump", type=Path)
    parser.add_argument("--weights", type=Path, required=True,
                        help="a model written by bench/semantic_learned.py export --out")
    parser.add_argument("--read", choices=("first", "whole"), default="first")
    args = parser.parse_args()
    model = LearnedType(json.loads(args.weights.read_text("utf-8")))
    rows = [json.loads(line) for line in args.dump.read_text("utf-8").splitlines() if line]
    rows = [row for row in rows if row.get("read") == args.read and "features" in row]
    right = dict.fromkeys(DECIDERS, 0)
    print("| page | label | rules (top) | model (share) | " + " | ".join(DECIDERS) + " |")
    print("|---|---|---|---|" + "---|" * len(DECIDERS))
    for row in rows:
        said = verdicts(row["features"], model)
        typed = {name: decide(said) for name, decide in DECIDERS.items()}
        for name, kind in typed.items():
            right[name] += kind == row["label"]
        cells = " | ".join(kind if kind == row["label"] else f"**{kind}**"
                           for kind in typed.values())
        print(f"| {row['name']} | {row['label']} | {said.rules} ({said.rules_top:.2f}) | "
              f"{said.model} ({said.model_share:.2f}) | {cells} |")
    print()
    for name, count in right.items():
        print(f"- {name}: {count}/{len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
