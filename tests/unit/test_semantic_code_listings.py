"""A source file listed line by line (issue 31, design note 350): the run of line numbers and
the code's tokens that tell it, on made-up pages' nodes."""

from __future__ import annotations

from axsnap_host.semantic.code_listings import listed_code_lines, numbered_run
from axsnap_host.semantic.facts import Node, PageFacts


def _facts(texts: list[str]) -> PageFacts:
    nodes = [Node(rid=i, parent=-1, tag="span", attrs={}, text=t, box=(0, 0, 10, 10))
             for i, t in enumerate(texts)]
    return PageFacts(url="http://127.0.0.1/", title="", nodes=nodes, viewport=(800, 600),
                     scroll=(0, 0), page_size=(800, 600), frames=[], semantic_mode=True)


def test_a_run_counts_up_by_one_past_repeats_and_other_numbers() -> None:
    assert numbered_run(["1", "1", "2", "5", "3", "3", "4"]) == 4  # a cell and its link; a count
    assert numbered_run(["1 2 3 4 5 6 7 8 9 10 11 12"]) == 12  # a gutter written as one text
    assert numbered_run(["3", "2", "1"]) == 1  # counting down is no listing
    assert numbered_run([]) == 0


def test_numbered_lines_beside_code_tokens_are_a_listing() -> None:
    lines = [str(n) for n in range(1, 31)]
    code = ["{", "return", "}", ";", "(", ")", "int", "=", "if", "for"]
    assert listed_code_lines(_facts(lines + code)) == 30
    # the lines' own text after their number counts as code ("9 return int(litres/size)")
    numbered = [f"{n} total = total + {n};" for n in range(1, 11)]
    assert listed_code_lines(_facts(lines + numbered)) == 30
    assert listed_code_lines(_facts(lines + code[:9])) == 0  # nine tokens: too few


def test_a_calendar_or_a_short_sample_is_no_listing() -> None:
    days = [str(n) for n in range(1, 31)]
    assert listed_code_lines(_facts([*days, "Work party", "Open day", "Boat count"])) == 0
    code = ["{", "return", "}", ";", "(", ")", "int", "=", "if", "for"]
    assert listed_code_lines(_facts([str(n) for n in range(1, 25)] + code)) == 0  # 24 lines
