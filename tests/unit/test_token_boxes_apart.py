"""The bboxes' numbers counted apart (pipeline/tokens.py ``_boxes_apart``, design note 106):
one split of the text by the boxes, their extra digit groups counted by a pattern, gives the
text and the number the look-behind substitution with a call a box gave (kept here as the
reference), on texts that hold boxes, near misses and boxes inside names; and the counts
stay exact against the encoder."""

from __future__ import annotations

import json
import random
import re

from axsnap_host.pipeline import tokens

_REFERENCE_BOX = re.compile(r'(?<=",\[|":\[)([0-9]+),([0-9]+),([0-9]+),([0-9]+)(?=\])')


def _reference(text: str) -> tuple[str, int]:
    """The stand-ins as main made them before note 106: a call a box."""
    extra = 0

    def stand_in(match: re.Match[str]) -> str:
        nonlocal extra
        extra += sum((len(number) + 2) // 3 for number in match.groups()) - 4
        return "0,0,0,0"

    return _REFERENCE_BOX.sub(stand_in, text), extra


def _number(rng: random.Random) -> str:
    return str(rng.choice([0, 7, 42, 999, 1000, 12345, 999999, 1000000, 123456789012,
                           rng.randrange(10 ** rng.randrange(1, 14))]))


def _text(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randrange(0, 40)):
        box = ",".join(_number(rng) for _ in range(rng.choice([4, 4, 4, 3, 5])))
        pieces.append(rng.choice([
            f'[1,"0-{rng.randrange(999)}","button","a",[{box}]]',
            f'{{"id":"0-1","bbox":[{box}]}}',
            f'"n":"\\",[{box}]"',  # a box in a name (its quote escaped)
            f'",[{box}',  # no closing bracket
            f'":[-{box}]',  # a negative number: text
            f'",[",[{box}]',
            f'"":[{box}]]{rng.choice(["", "x", "9"])}',
            "plain words 1234,5678",
        ]))
    return rng.choice(["", ",", "["]).join(pieces)


def test_the_split_gives_what_the_call_a_box_gave() -> None:
    rng = random.Random(106)
    texts = [_text(rng) for _ in range(3000)]
    texts += ['",[1,2,3,4]', '":[1234567,0,1,22]', '",[1,2,3,4]",[5,6,7,8]', "", "x"]
    for text in texts:
        assert tokens._boxes_apart(text) == _reference(text), text


def test_counts_with_the_boxes_apart_stay_exact() -> None:
    rng = random.Random(7)
    nodes = [[1, f"0-{i}00", "link", f"Item {i}", [rng.randrange(2000), rng.randrange(10 ** 7),
                                                  rng.randrange(1, 1500), rng.randrange(1, 90)]]
             for i in range(3000)]
    text = json.dumps({"ax_tree": {"nodes": nodes}}, separators=(",", ":"))
    enc = tokens.encoder()
    tokens._memo.clear()
    assert tokens.count_tokens(text, memo=True) == len(enc.encode_ordinary(text))
