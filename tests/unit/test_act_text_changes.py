"""Change reports' texts (issue 32): what visible text that is no control said before and
after an action, compared by what it says, placed by XPath, nearest the target first."""

from __future__ import annotations

from axsnap_host.act.page_facts import MAX_TEXTS, text_changes

ROWS = [("/html/body/div[1]/span", "0 selected"),
        ("/html/body/div[2]/div[1]/span[1]", "Kanesha"),
        ("/html/body/div[2]/div[1]/span[2]", "Unread"),
        ("/html/body/div[2]/div[2]/span[1]", "Piet"),
        ("/html/body/div[2]/div[2]/span[2]", "Unread")]


def test_a_changed_text_is_said_once_with_what_it_was() -> None:
    after = [*ROWS[:4], ("/html/body/div[2]/div[2]/span[2]", "Archived")]
    assert text_changes(ROWS, after, "/html/body/div[2]/div[2]/button") == [("Unread", "Archived")]
    counted = [("/html/body/div[1]/span", "1 selected"), *ROWS[1:]]
    assert text_changes(ROWS, counted, "/html/body/div[2]/div[1]/input") == [
        ("0 selected", "1 selected")]


def test_moved_texts_are_no_change_and_new_ones_are_said() -> None:
    inserted = [ROWS[0],  # a row for Orla above the others: theirs moved one down
                ("/html/body/div[2]/div[1]/span[1]", "Orla"),
                ("/html/body/div[2]/div[1]/span[2]", "Unread"),
                ("/html/body/div[2]/div[2]/span[1]", "Kanesha"),
                ("/html/body/div[2]/div[2]/span[2]", "Unread"),
                ("/html/body/div[2]/div[3]/span[1]", "Piet"),
                ("/html/body/div[2]/div[3]/span[2]", "Unread")]
    assert text_changes(ROWS, inserted, "") == [("", "Orla"), ("", "Unread")]
    gone = text_changes(ROWS, ROWS[:3], "")
    assert gone == [("Piet", ""), ("Unread", "")]


def test_nearest_first_and_bounded() -> None:
    after = [(x, f"{t}!") for x, t in ROWS]
    said = text_changes(ROWS, after, "/html/body/div[2]/div[2]/button")
    assert said[:2] == [("Piet", "Piet!"), ("Unread", "Unread!")]
    many = [(f"/html/body/p[{n}]", f"line {n}") for n in range(20)]
    assert len(text_changes([], many, "")) == MAX_TEXTS


def test_a_block_is_said_by_its_child() -> None:
    before = [("/html/body/p", "Add label 0 selected"), ("/html/body/p/span", "0 selected")]
    after = [("/html/body/p", "Add label 1 selected"), ("/html/body/p/span", "1 selected")]
    assert text_changes(before, after, "") == [("0 selected", "1 selected")]
