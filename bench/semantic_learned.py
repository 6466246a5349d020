"""Would a classifier learnt from the spent corpus type unseen pages better than the rules?

Page types come from hand-written rules over the walker's ``Features`` (host/axsnap_host/
semantic/classify.py). Every spent held-out page is labelled and its ``Features`` dumped
(bench/semantic_pooled.py ``dump``), so a model can be fitted on them. The question is the
one issue 31 asks of the rules: how well it types pages nobody tuned on. Two answers:

``forward``: for each held-out set from ``--first`` on, fit on every set before it only and
type that set, as the rules met it (a set's pages are new when it is scored); beside each
set, the rules' own score when that set was scored (bench/corpus/scores.py). The dump holds
today's ``Features``, shaped by looking at pages of those sets, which favours the model on
older sets: the newest sets are the fairest part of the comparison.

``fit`` / ``predict``: fit on every spent page now and keep the model; once the next held-out
sets are scored and dumped, type them with the kept model. A model fitted before its pages
were labelled is as held out as the rules are.

``refit``: whether fitting the shipped model again on more spent pages would type unseen
pages better where it is asked (no rule decides): for each set from ``--first`` on, today's
rules with a model fitted on the sets before it, against the same rules with the shipped model
(fitted once, on the pages its file names), over the same dump.

``export``: fit the logistic regression on every dumped page's first-screen read and write
what the host needs to apply it, with no scikit-learn (host/axsnap_host/semantic/
learned_type.json: the features' names, their means and scales, one row of weights per type);
the host's own arithmetic is checked to type every dumped page as scikit-learn does before
the file is written. The host asks it only where no rule decides (design note 220).

Needs scikit-learn, which the product does not (keep it out of .venv):

    python3 -m venv /tmp/learned && /tmp/learned/bin/pip install scikit-learn
    /tmp/learned/bin/python bench/semantic_learned.py forward DUMP.jsonl
    /tmp/learned/bin/python bench/semantic_learned.py fit DUMP.jsonl --out MODEL.pkl
    /tmp/learned/bin/python bench/semantic_learned.py predict MODEL.pkl NEW.jsonl
    /tmp/learned/bin/python bench/semantic_learned.py export DUMP.jsonl
    PYTHONPATH=host .venv/bin/python bench/semantic_learned.py refit DUMP.jsonl --first 57 \
        --sklearn /tmp/learned/lib/python3.11/site-packages   # the product's venv: the rules
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
CORPUS = BENCH / "corpus"
sys.path.insert(0, str(CORPUS))
sys.path.insert(0, str(BENCH.parent / "host"))
from scores import numbered_sets, scores  # noqa: E402
from sets import read_sets  # noqa: E402

from axsnap_host.semantic.learned_type import WEIGHTS, LearnedType  # noqa: E402

MODELS = ("logistic", "forest")


def _rows(path: Path, read: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    return [row for row in rows if row.get("read") == read and "features" in row]


def _keys(rows: list[dict[str, Any]]) -> list[str]:
    return sorted({key for row in rows for key, value in row["features"].items()
                   if isinstance(value, int | float | bool)})


def _matrix(rows: list[dict[str, Any]], keys: list[str]) -> list[list[float]]:
    return [[float(row["features"].get(key) or 0) for key in keys] for row in rows]


def _model(kind: str) -> Any:
    try:
        from sklearn.ensemble import RandomForestClassifier
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
    except ImportError as missing:
        raise SystemExit("scikit-learn is missing: run this in its own venv (see --help)") \
            from missing
    if kind == "forest":
        return RandomForestClassifier(n_estimators=300, random_state=0)
    return make_pipeline(StandardScaler(), LogisticRegression(max_iter=3000, C=0.3))


def _set_of_page() -> dict[str, int]:
    sources = (CORPUS / "SOURCES.md").read_text("utf-8")
    found = {name: number for number, pages in numbered_sets(sources).items()
             for name in pages}
    for name in read_sets(sources)[0].pages:  # the tuning pages and the first set
        found.setdefault(name, 1)
    return found


def forward(path: Path, read: str, first: int) -> int:
    rows = _rows(path, read)
    keys = _keys(rows)
    set_of = _set_of_page()
    sources = (CORPUS / "SOURCES.md").read_text("utf-8")
    written = json.loads((CORPUS / "labels.json").read_text("utf-8"))
    rules, _ = scores(sources, written["_about"], written["pages"])
    numbers = sorted({set_of[row["name"]] for row in rows if row["name"] in set_of})
    totals: Counter[str] = Counter()
    print(f"| set | pages | rules when scored | {' | '.join(MODELS)} |")
    print("|--:|--:|--:|" + "--:|" * len(MODELS))
    for number in (n for n in numbers if n >= first):
        train = [row for row in rows if set_of.get(row["name"], 0) < number]
        test = [row for row in rows if set_of.get(row["name"]) == number]
        cells = []
        for kind in MODELS:
            model = _model(kind).fit(_matrix(train, keys), [row["label"] for row in train])
            typed = model.predict(_matrix(test, keys))
            right = sum(1 for row, page_type in zip(test, typed, strict=True)
                        if row["label"] == page_type)
            totals[kind] += right
            cells.append(f"{right}/{len(test)}")
        score = rules.get(number)
        totals["rules"] += score.right if score else 0
        totals["pages"] += len(test)
        print(f"| {number} | {len(test)} | "
              f"{f'{score.right}/{score.total}' if score else '–'} | {' | '.join(cells)} |")
    pages = totals["pages"] or 1
    print(f"| all from {first} | {totals['pages']} | {totals['rules']} "
          f"({100 * totals['rules'] / pages:.0f} %) | "
          + " | ".join(f"{totals[k]} ({100 * totals[k] / pages:.0f} %)" for k in MODELS) + " |")
    return 0


def _weights(pipeline: Any, keys: list[str]) -> dict[str, Any]:
    """A fitted logistic pipeline's numbers as the host reads them (learned_type.json's)."""
    scaler, regression = pipeline[0], pipeline[-1]
    return {
        "features": keys,
        "means": [round(float(v), 9) for v in scaler.mean_],
        "scales": [round(float(v), 9) for v in scaler.scale_],
        "types": [str(c) for c in regression.classes_],
        "intercepts": [round(float(v), 9) for v in regression.intercept_],
        "weights": [[round(float(v), 9) for v in row] for row in regression.coef_],
    }


def refit(path: Path, first: int) -> int:
    import dataclasses

    from axsnap_host.semantic import learned_type
    from axsnap_host.semantic.classify import classify
    from axsnap_host.semantic.page_features import Features

    known = {f.name for f in dataclasses.fields(Features)}
    shipped = learned_type.shipped()

    def typed(row: dict[str, Any], model: LearnedType) -> str:
        learned_type.shipped = lambda: model  # type: ignore[assignment]
        try:
            features = Features(**{k: v for k, v in row["features"].items() if k in known})
            return classify(features)[0]
        finally:
            learned_type.shipped = lambda: shipped  # type: ignore[assignment]

    rows = _rows(path, "first")
    keys = _keys(rows)
    set_of = _set_of_page()
    totals: Counter[str] = Counter()
    print("| set | pages | rules + shipped model | rules + model fitted on the sets before |")
    print("|--:|--:|--:|--:|")
    for number in sorted({set_of[row["name"]] for row in rows if row["name"] in set_of}):
        if number < first:
            continue
        train = [row for row in rows if set_of.get(row["name"], 0) < number]
        test = [row for row in rows if set_of.get(row["name"]) == number]
        model = LearnedType(_weights(_model("logistic").fit(
            _matrix(train, keys), [row["label"] for row in train]), keys))
        kept = sum(typed(row, shipped) == row["label"] for row in test)
        again = sum(typed(row, model) == row["label"] for row in test)
        totals.update(pages=len(test), kept=kept, again=again)
        print(f"| {number} | {len(test)} | {kept} | {again} |", flush=True)
    print(f"| all from {first} | {totals['pages']} | {totals['kept']} | {totals['again']} |")
    return 0


def fit(path: Path, read: str, kind: str, out: Path) -> int:
    rows = _rows(path, read)
    keys = _keys(rows)
    model = _model(kind).fit(_matrix(rows, keys), [row["label"] for row in rows])
    out.write_bytes(pickle.dumps({"keys": keys, "read": read, "model": model}))
    print(f"fitted {kind} on {len(rows)} pages' {read} reads, {len(keys)} features: {out}")
    return 0


def predict(model_path: Path, path: Path) -> int:
    kept = pickle.loads(model_path.read_bytes())  # a file this script wrote
    rows = _rows(path, kept["read"])
    typed = kept["model"].predict(_matrix(rows, kept["keys"]))
    right = 0
    for row, page_type in zip(rows, typed, strict=True):
        right += row["label"] == page_type
        print(f"{row['name']}: {row['label']} -> {page_type}"
              f"{'' if row['label'] == page_type else '   (wrong)'}")
    print(f"{right}/{len(rows)} right")
    return 0


def export(path: Path, out: Path) -> int:
    rows = _rows(path, "first")
    keys = _keys(rows)
    pipeline = _model("logistic").fit(_matrix(rows, keys), [row["label"] for row in rows])
    weights = {
        "about": "Design note 220: a logistic regression over page Features, asked only where "
                 "no rule decides; written by bench/semantic_learned.py export, do not edit.",
        "fitted_on": {"pages": len(rows), "read": "first",
                      "dump_sha256": hashlib.sha256(path.read_bytes()).hexdigest()},
        **_weights(pipeline, keys),
    }
    host_model = LearnedType(weights)
    typed = pipeline.predict(_matrix(rows, keys))
    differ = [row["name"] for row, page_type in zip(rows, typed, strict=True)
              if host_model.type_of(row["features"])[0] != page_type]
    if differ:
        raise SystemExit(f"the host's arithmetic types {len(differ)} pages otherwise: {differ}")
    lines = [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in weights.items()
             if key != "weights"]
    lines.append('"weights": [\n' + ",\n".join(json.dumps(row) for row in weights["weights"])
                 + "\n]")
    out.write_text("{\n" + ",\n".join(lines) + "\n}\n", "utf-8")
    print(f"wrote {out}: {len(keys)} features, {len(weights['types'])} types, fitted on "
          f"{len(rows)} pages; the host types all {len(rows)} as scikit-learn does")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = parser.add_subparsers(dest="step", required=True)
    one = steps.add_parser("forward", help="fit on the sets before each set, type that set")
    one.add_argument("dump", type=Path)
    one.add_argument("--read", choices=("first", "whole"), default="first")
    one.add_argument("--first", type=int, default=30, help="the first set typed")
    two = steps.add_parser("fit", help="fit on every dumped page and keep the model")
    two.add_argument("dump", type=Path)
    two.add_argument("--read", choices=("first", "whole"), default="first")
    two.add_argument("--model", choices=MODELS, default="logistic")
    two.add_argument("--out", type=Path, required=True)
    three = steps.add_parser("predict", help="type dumped pages with a kept model")
    three.add_argument("model", type=Path)
    three.add_argument("dump", type=Path)
    again = steps.add_parser("refit", help="the rules with a model refitted before each set, "
                             "against the shipped model")
    again.add_argument("dump", type=Path)
    again.add_argument("--first", type=int, default=57, help="the first set typed")
    again.add_argument("--sklearn", type=Path, help="a site-packages holding scikit-learn")
    four = steps.add_parser("export", help="fit on every dumped page, write the host's weights")
    four.add_argument("dump", type=Path)
    four.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()
    if getattr(args, "sklearn", None):
        sys.path.append(str(args.sklearn))
    if args.step == "refit":
        return refit(args.dump, args.first)
    if args.step == "forward":
        return forward(args.dump, args.read, args.first)
    if args.step == "fit":
        return fit(args.dump, args.read, args.model, args.out)
    if args.step == "export":
        return export(args.dump, args.out)
    return predict(args.model, args.dump)


if __name__ == "__main__":
    sys.exit(main())
