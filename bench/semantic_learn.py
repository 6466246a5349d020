"""Do page-type weights learned from the labelled corpus generalise better than the hand weights?

Reads bench/results/semantic_features.jsonl.gz (bench/semantic_features_dump.py: every
tuning page's ``Features`` from the default read) and computes the fired
signals again without a browser (``classify._signals``; checked equal to what the host
replied). The signals stay the hand-written ones; only how much each counts is learned.
Compared on the same folds:

- ``hand``: today's weights and noisy-or (no fitting; they were tuned on every one of these
  pages, so their score here is optimistic);
- ``hand, only the signals that fire outside the fold``: the hand weights told only of the
  signals that fire on some training page (a signal that fires on the left-out fold alone was
  written for it; a fitted model cannot use it either): the hand weights under the learned
  models' constraint (their values were still tuned on the fold);
- ``learned full``: multinomial logistic regression on the fired-signal vector (every signal
  may count for or against every type), L2-regularised;
- ``learned own-type``: each signal counts only for its own type, as in the noisy-or (a
  softmax over each type's summed weights: the noisy-or's log-evidence, learned);
- ``learned full + counts``: the same with the counts the signals are made of (log(1 + n)
  of every number in ``Features``) as inputs too;
- ``hand + learned``: the hand evidence of each type (−log(1 − score)) as one input, plus
  learned corrections per signal (the hand evidence was tuned on the fold left out, so this
  one is as optimistic as the hand weights).

Folds: leave one template family out (a page name without its number: ``adminlte-03`` is in
``adminlte``; one family's pages are never on both sides), leave one source repository out,
and a time split (each held-out set predicted from the sets before it, as the hand weights
were when that set was first measured). Writes bench/results/semantic_learned_weights.md.

    .venv/bin/pip install numpy scipy                   # bench only, never the host's
    nice .venv/bin/python bench/semantic_learn.py       # about 15 min at load 14
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize
from semantic_folds import CORPUS, evidence, family, first_measured, signal_key, sources

from axsnap_host.semantic.classify import PAGE_TYPES, UNKNOWN_BELOW, _signals, classify
from axsnap_host.semantic.page_features import Features

BENCH = Path(__file__).resolve().parent
DUMP = BENCH / "results" / "semantic_features.jsonl.gz"
OUT = BENCH / "results" / "semantic_learned_weights.md"
CHECK = BENCH / "results" / "semantic_features_accuracy.jsonl.gz"
TYPES = list(PAGE_TYPES)


class Pages:
    """The dumped pages with their fired signals, as arrays."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = rows
        self.fired = [_signals(Features(**r["features"])) for r in rows]
        keys = sorted({signal_key(k, n) for fired in self.fired for k, n, _ in fired})
        self.keys = keys
        col = {k: i for i, k in enumerate(keys)}
        self.x = np.zeros((len(rows), len(keys)))
        self.hand = np.zeros((len(rows), len(TYPES)))  # each type's hand evidence
        for i, fired in enumerate(self.fired):
            for kind, name, weight in fired:
                key = col[signal_key(kind, name)]
                self.x[i, key] += 0.25 if name.startswith("keyword") else 1.0
                self.hand[i, TYPES.index(kind)] += evidence(weight)
        self.y = np.array([TYPES.index(r["label"]) for r in rows])
        # the counts the signals are made of, as numbers (log(1 + n)): what a model finds
        # without the hand-written conditions
        numeric = [k for k, v in rows[0]["features"].items()
                   if isinstance(v, (int, float)) and not isinstance(v, str)]
        # which type each input is a signal of (the own-type model's mask)
        self.own = np.array([[k.split("|")[0] == t for t in TYPES] for k in keys], dtype=float)
        self.numeric_keys = numeric
        self.numeric_scale = np.ones(len(numeric))
        self.numeric = self.counts(rows)
        self.numeric_scale = np.maximum(self.numeric.max(axis=0), 1e-9)
        self.numeric /= self.numeric_scale

    def counts(self, rows: list[dict[str, Any]]) -> np.ndarray:
        """log(1 + n) of every number in each page's Features, over its corpus maximum."""
        return np.array([[math.log1p(float(r["features"][k])) for k in self.numeric_keys]
                         for r in rows]) / self.numeric_scale


Fitted = tuple[np.ndarray, np.ndarray, float]


def fit(x: np.ndarray, y: np.ndarray, mask: np.ndarray | None, lam: float,
        prior: np.ndarray | None = None, start: Fitted | None = None) -> Fitted:
    """Softmax regression by L-BFGS: (weights inputs x types, intercepts, prior's scale).
    ``mask`` keeps only the weights it marks; ``prior`` (pages x types) is added to the
    logits times a learned scale; ``start``: a fit to begin from (the whole set's, for a
    fold: the same optimum, found sooner)."""
    n, d = x.shape
    c = len(TYPES)
    m = np.ones((d, c)) if mask is None else mask
    onehot = np.eye(c)[y]

    def unpack(p: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
        return p[:d * c].reshape(d, c) * m, p[d * c:d * c + c], float(p[-1])

    def loss(p: np.ndarray) -> tuple[float, np.ndarray]:
        w, b, s = unpack(p)
        z = x @ w + b + (s * prior if prior is not None else 0.0)
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        prob = e / e.sum(axis=1, keepdims=True)
        nll = -np.log(prob[np.arange(n), y] + 1e-12).sum() / n
        g = (prob - onehot) / n
        gw = (x.T @ g + lam * w) * m
        gs = float((g * prior).sum()) if prior is not None else 0.0
        value = nll + 0.5 * lam * float((w * w).sum())
        return value, np.concatenate([gw.ravel(), g.sum(axis=0), [gs]])

    if start is None:
        p0 = np.zeros(d * c + c + 1)
        p0[-1] = 1.0 if prior is not None else 0.0
    else:
        p0 = np.concatenate([start[0].ravel(), start[1], [start[2]]])
    res = minimize(loss, p0, jac=True, method="L-BFGS-B",
                   options={"maxiter": 200, "ftol": 1e-6})
    return unpack(res.x)


def predict(x: np.ndarray, model: tuple[np.ndarray, np.ndarray, float],
            prior: np.ndarray | None = None) -> np.ndarray:
    w, b, s = model
    z = x @ w + b + (s * prior if prior is not None else 0.0)
    return np.asarray(z.argmax(axis=1))


Model = Callable[[np.ndarray, np.ndarray], np.ndarray]


def hand_seen(pages: Pages) -> Model:
    """The hand weights given only the signals that fire on a training page: a signal that
    fires on the fold left out alone was written for it (the fitted models cannot use it
    either: it never fires where they learn). -1: unknown."""

    def model(tr: np.ndarray, te: np.ndarray) -> np.ndarray:
        seen = pages.x[tr].any(axis=0)
        col = {k: i for i, k in enumerate(pages.keys)}
        out = []
        for i in te:
            keep = dict.fromkeys(TYPES, 1.0)
            for kind, name, weight in pages.fired[i]:
                if seen[col[signal_key(kind, name)]]:
                    keep[kind] *= 1 - weight
            best = max(TYPES, key=lambda k: 1 - keep[k])
            out.append(TYPES.index(best) if 1 - keep[best] >= UNKNOWN_BELOW else -1)
        return np.array(out)

    return model


def models(pages: Pages, lam: float) -> dict[str, Model]:
    """name -> (train index, test index) -> predicted type index of each test page."""
    x, y = pages.x, pages.y
    both = np.hstack([x, pages.numeric])
    whole = {"full": fit(x, y, None, lam), "own": fit(x, y, pages.own, lam),
             "plus": fit(x, y, None, lam, pages.hand), "counts": fit(both, y, None, lam)}

    def full(tr: np.ndarray, te: np.ndarray) -> np.ndarray:
        return predict(x[te], fit(x[tr], y[tr], None, lam, start=whole["full"]))

    def own(tr: np.ndarray, te: np.ndarray) -> np.ndarray:
        return predict(x[te], fit(x[tr], y[tr], pages.own, lam, start=whole["own"]))

    def plus(tr: np.ndarray, te: np.ndarray) -> np.ndarray:
        fitted = fit(x[tr], y[tr], None, lam, pages.hand[tr], start=whole["plus"])
        return predict(x[te], fitted, pages.hand[te])

    def counts(tr: np.ndarray, te: np.ndarray) -> np.ndarray:
        return predict(both[te], fit(both[tr], y[tr], None, lam, start=whole["counts"]))

    return {"learned full": full, "learned own-type": own, "learned full + counts": counts,
            "hand + learned (hand evidence as an input: optimistic)": plus}


def folds(groups: Sequence[str]) -> list[np.ndarray]:
    by: dict[str, list[int]] = defaultdict(list)
    for i, g in enumerate(groups):
        by[g].append(i)
    return [np.array(v) for v in by.values()]


def cross_validate(pages: Pages, model: Model, groups: Sequence[str]) -> np.ndarray:
    """Every page's type predicted by a model fitted without its group."""
    n = len(pages.rows)
    out = np.zeros(n, dtype=int)
    for te in folds(groups):
        tr = np.setdiff1d(np.arange(n), te)
        out[te] = model(tr, te)
    return out


def time_split(pages: Pages, model: Model, sets: Sequence[int]) -> np.ndarray:
    """Each held-out set's pages predicted by a model fitted on the sets before it only
    (-1 for the first pages, which nothing came before)."""
    arr = np.array(sets)
    out = np.full(len(sets), -1)
    for k in sorted(set(sets)):
        if k < 2:
            continue
        tr, te = np.where(arr < k)[0], np.where(arr == k)[0]
        out[te] = model(tr, te)
    return out


def read_rows(path: Path) -> list[dict[str, Any]]:
    """A dump's rows (a .gz is read through gzip)."""
    text = (gzip.decompress(path.read_bytes()).decode("utf-8") if path.suffix == ".gz"
            else path.read_text("utf-8"))
    return [json.loads(line) for line in text.splitlines() if line]


def check_set(pages: Pages, dump: Path, lam: float) -> list[str]:
    """Each model fitted on every corpus page, on another labelled set (the learned models
    never say unknown: a page labelled unknown is their miss)."""
    rows = [r for r in read_rows(dump) if "error" not in r]
    col = {k: i for i, k in enumerate(pages.keys)}
    x = np.zeros((len(rows), len(pages.keys)))
    unseen: Counter[str] = Counter()
    for i, r in enumerate(rows):
        for kind, name, _ in _signals(Features(**r["features"])):
            key = signal_key(kind, name)
            if key in col:
                x[i, col[key]] += 0.25 if name.startswith("keyword") else 1.0
            else:
                unseen[key] += 1
    labels = [r["label"] for r in rows]
    hand = [classify(Features(**r["features"]))[0] for r in rows]
    out = ["", f"Another labelled set ({dump.name}: bench/semantic_accuracy.py's {len(rows)} "
           f"pages, never in the corpus), each model fitted on all {len(pages.rows)} corpus pages "
           f"(λ={lam}); signals fired there that never fire in the corpus: {dict(unseen)}:", "",
           "| model | right | misses |", "|---|--:|---|"]
    right = sum(a == b for a, b in zip(labels, hand, strict=True))
    out.append(f"| hand | {right}/{len(rows)} | " + ", ".join(
        f"{r['name']} {a} → {b}" for r, a, b in zip(rows, labels, hand, strict=True) if a != b)
        + " |")
    both = np.hstack([x, pages.counts(rows)])
    fits = {"learned full": (x, fit(pages.x, pages.y, None, lam)),
            "learned own-type": (x, fit(pages.x, pages.y, pages.own, lam)),
            "learned full + counts": (both, fit(np.hstack([pages.x, pages.numeric]), pages.y,
                                                None, lam))}
    for name, (inputs, model) in fits.items():
        got = [TYPES[k] for k in predict(inputs, model)]
        right = sum(a == b for a, b in zip(labels, got, strict=True))
        out.append(f"| {name} | {right}/{len(rows)} | " + ", ".join(
            f"{r['name']} {a} → {b}" for r, a, b in zip(rows, labels, got, strict=True)
            if a != b) + " |")
    return out


def pct(right: int, n: int) -> str:
    return f"{right}/{n} = {right / n:.1%}" if n else "—"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, default=DUMP)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--lam", type=float, nargs="*", default=[0.003, 0.03])
    parser.add_argument("--check", type=Path, default=CHECK, help="another labelled set's dump "
                        "(bench/semantic_accuracy.py's pages): each model fitted on the whole "
                        "corpus predicts it")
    args = parser.parse_args()
    started = time.perf_counter()
    labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    rows = read_rows(args.dump)
    failed = [r["name"] for r in rows if "error" in r]
    rows = [r for r in rows if "error" not in r and not labels[r["name"]]["held_out"]]
    src = sources()
    pages = Pages(rows)
    # the signals computed again here are the host's: same type, same fired signals
    again = [classify(Features(**r["features"]))[0] for r in rows]
    differ = [r["name"] for r, t in zip(rows, again, strict=True)
              if t != r["type"] or t != r["reply_type"]]
    y = pages.y
    hand = np.array([TYPES.index(t) if t in TYPES else -1 for t in again])
    fams = [family(r["name"]) for r in rows]
    repos = [src[r["name"]][1] for r in rows]
    sets = [src[r["name"]][0] for r in rows]
    n = len(rows)
    lines = ["# Learned page-type weights against the hand weights", "",
             f"`.venv/bin/python bench/semantic_learn.py` over {n} tuning pages "
             f"({args.dump.name}, default read; {len(failed)} not read: "
             f"{failed}); {len(pages.keys)} signal inputs; {len(set(fams))} template families, "
             f"{len(set(repos))} source repositories. Signals computed again without a browser "
             f"agree with the host's reply on {n - len(differ)}/{n} pages {differ or ''}.", "",
             "| model | λ | fitted on all, the same pages | leave one family out | leave one "
             "repository out | time split (sets 2-21) |", "|---|--:|--:|--:|--:|--:|"]
    timed = [i for i in range(n) if sets[i] >= 2]
    right_hand = int((hand == y).sum())
    lines.append(f"| hand (tuned on all of it: optimistic) | — | {pct(right_hand, n)} | "
                 f"{pct(right_hand, n)} | {pct(right_hand, n)} | "
                 f"{pct(int((hand[timed] == y[timed]).sum()), len(timed))} |")
    measured = first_measured()
    first = (sum(r for k, (r, _) in measured.items() if k >= 2),
             sum(t for k, (_, t) in measured.items() if k >= 2))
    lines.append("| hand, each set's first measurement (history) | — | — | — | — | "
                 f"{pct(*first)} |")
    seen = hand_seen(pages)
    fam, rep, ts = (cross_validate(pages, seen, fams), cross_validate(pages, seen, repos),
                    time_split(pages, seen, sets))
    lines.append(f"| hand, only the signals that fire outside the fold | — | — | "
                 f"{pct(int((fam == y).sum()), n)} | {pct(int((rep == y).sum()), n)} | "
                 f"{pct(int((ts[timed] == y[timed]).sum()), len(timed))} |")
    print(lines[-1], flush=True)
    kept: dict[tuple[str, float], dict[str, np.ndarray]] = {}
    for lam in args.lam:
        for name, model in models(pages, lam).items():
            everything = np.arange(n)
            inside = int((model(everything, everything) == y).sum())
            fam = cross_validate(pages, model, fams)
            rep = cross_validate(pages, model, repos)
            ts = time_split(pages, model, sets)
            kept[(name, lam)] = {"family": fam, "repo": rep, "time": ts}
            lines.append(f"| {name} | {lam} | {pct(inside, n)} | "
                         f"{pct(int((fam == y).sum()), n)} | "
                         f"{pct(int((rep == y).sum()), n)} | "
                         f"{pct(int((ts[timed] == y[timed]).sum()), len(timed))} |")
            print(lines[-1], flush=True)
    # (the hand evidence was tuned on the family left out: no measure of learning)
    best = max((k for k in kept if k[0].startswith("learned")),
               key=lambda k: int((kept[k]["family"] == y).sum()))
    lines += ["", f"By set (the best by leave one family out: {best[0]}, λ={best[1]}; "
              "each set's pages as now labelled; the time split fits on the sets before):", "",
              "| set | pages | first measured | hand now | learned, family out | learned, "
              "time split |", "|--:|--:|--:|--:|--:|--:|"]
    for k in sorted(set(sets)):
        idx = [i for i in range(n) if sets[i] == k]
        fm = measured.get(k)
        cells = [str(k), str(len(idx)), pct(*fm) if fm else "—",
                 pct(int((hand[idx] == y[idx]).sum()), len(idx)),
                 pct(int((kept[best]["family"][idx] == y[idx]).sum()), len(idx)),
                 pct(int((kept[best]["time"][idx] == y[idx]).sum()), len(idx)) if k >= 2
                 else "—"]
        lines.append("| " + " | ".join(cells) + " |")
    if args.check.is_file():
        lines += check_set(pages, args.check, best[1])
    fam_pred = kept[best]["family"]
    misses = Counter((TYPES[y[i]], TYPES[fam_pred[i]]) for i in range(n) if fam_pred[i] != y[i])
    lines += ["", "Misses of the best learned model, leave one family out (label → predicted): "
              + ", ".join(f"{a} → {b} ×{c}" for (a, b), c in misses.most_common()), ""]
    hmiss = Counter((TYPES[y[i]], TYPES[hand[i]] if hand[i] >= 0 else "unknown")
                    for i in range(n) if hand[i] != y[i])
    lines += ["Misses of the hand weights (all pages): "
              + ", ".join(f"{a} → {b} ×{c}" for (a, b), c in hmiss.most_common()), "",
              f"{time.perf_counter() - started:.0f} s."]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
