"""How a name becomes the words of a semantic id, where the walker and the host must agree.

The host's ids (``semantic/ids.py slug``) and the walker's twin groups and places
(``extension/lib/walker/src/twins_last.js idWords``) read a name the same way: lower case,
Latin accents dropped, letters and digits, and these rules. Both reach the walker through
``extension/lib/walker/src/generated_contract.js`` (``native/contract.py``).
"""

from __future__ import annotations

# How many words an id holds: of the name that labels it (a control's label, a title), and of a
# place or a row it says it by (its row's first cell, a section, a box). The walker groups its
# twins by the same count, so controls an id names alike are twins over the whole page (notes
# 151, 311).
ID_LABEL_WORDS = 5
ID_PLACE_WORDS = 4

# The units a number is read with ("Colombian filter coffee, 250 g": the quantity is "250 g", a
# bare "250" could be a price or a count; design note 218).
ID_UNITS = ("g", "kg", "mg", "l", "ml", "cl", "mm", "cm", "m", "km", "oz", "lb", "lbs", "kb",
            "mb", "gb", "tb", "w", "kw", "v", "mah", "hz", "mhz", "ghz", "pcs")

# A sign that opens a number is a word of the name (design note 306): "Fine adjust: -1°C" and
# "Fine adjust: +1°C" are two controls a person tells apart by it, "Zoom −10%" and "Zoom +10%"
# too, and a telephone number's "+44". Only a sign before a digit that opens a word (at the
# start, after a space or an opening bracket): a date's "2026-12-05", a range's "10-20" and
# "10'-13'", "UTC+2" and a link's "heise.de/-2596987" keep theirs as a break between words.
SIGNED_NUMBER_PATTERN = r"(?<![^\s(\[])([+\-\u2212])(?=[0-9])"
SIGN_WORDS = {"+": "plus", "-": "minus", "\u2212": "minus"}

# A control's label is taken out of its row's words where it stands as words of its own (design
# note 327): letters of scripts written without spaces (Han, kana) bound no word, and a label
# glued to other words (a row whose boxes ran together) is taken out only from this many
# characters on. The walker's lib/walker/src/run.js withoutLabel and the host's
# semantic/id_words.py minus.
UNSPACED_LETTERS_PATTERN = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
GLUED_LABEL_LEAST = 3
