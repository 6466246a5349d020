"""Index registry rules (DOM channel), on synthetic entries."""

from __future__ import annotations

from axsnap_host.pipeline.dom.registry import Entry, IndexRegistry


def entries(*specs: tuple[str, str]) -> list[Entry]:
    return [Entry(key, (sig,)) for key, sig in specs]


def test_same_elements_twice_keep_indices() -> None:
    reg = IndexRegistry()
    page = entries(("b1", "ok"), ("b2", "cancel"))
    first = reg.update("doc", page, {"b1", "b2"})
    second = reg.update("doc", page, {"b1", "b2"})
    assert first.indices == second.indices == [1, 2]
    assert first.added == [1, 2] and first.removed == []
    assert second.added == [] and second.removed == []


def test_insertion_keeps_survivors_and_numbers_the_new_one() -> None:
    reg = IndexRegistry()
    reg.update("doc", entries(("b1", "a"), ("b2", "b")), {"b1", "b2"})
    update = reg.update("doc", entries(("b9", "new"), ("b1", "a"), ("b2", "b")),
                        {"b1", "b2", "b9"})
    assert update.indices == [3, 1, 2]
    assert update.added == [3] and update.removed == []


def test_out_of_view_element_keeps_its_index() -> None:
    reg = IndexRegistry()
    reg.update("doc", entries(("b1", "a"), ("b2", "b")), {"b1", "b2"})
    scrolled = reg.update("doc", entries(("b2", "b")), {"b1", "b2"})  # b1 alive, not listed
    assert scrolled.indices == [2] and scrolled.removed == [1]
    back = reg.update("doc", entries(("b1", "a"), ("b2", "b")), {"b1", "b2"})
    assert back.indices == [1, 2] and back.added == [1]


def test_rerendered_twins_inherit_in_document_order() -> None:
    reg = IndexRegistry()
    reg.update("doc", entries(("b1", "del"), ("b2", "del"), ("b3", "x")), {"b1", "b2", "b3"})
    update = reg.update("doc", entries(("b7", "del"), ("b8", "del"), ("b3", "x")),
                        {"b7", "b8", "b3"})
    assert update.indices == [1, 2, 3]
    assert update.added == [] and update.removed == []


def test_removed_index_is_never_reused() -> None:
    reg = IndexRegistry()
    reg.update("doc", entries(("b1", "a"), ("b2", "b")), {"b1", "b2"})
    removed = reg.update("doc", entries(("b1", "a")), {"b1"})
    assert removed.removed == [2]
    added = reg.update("doc", entries(("b1", "a"), ("b5", "c")), {"b1", "b5"})
    assert added.indices == [1, 3]
    # even a twin of the dead element, appearing later, gets a fresh number
    later = reg.update("doc", entries(("b1", "a"), ("b5", "c"), ("b6", "b")), {"b1", "b5", "b6"})
    assert later.indices == [1, 3, 4]


def test_new_document_starts_fresh() -> None:
    reg = IndexRegistry()
    reg.update("doc1", entries(("b1", "a"), ("b2", "b")), {"b1", "b2"})
    update = reg.update("doc2", entries(("b3", "c")), {"b3"})
    assert update.indices == [1]
    assert update.added == [1] and update.removed == []


def test_a_twin_rerendered_while_covered_claims_its_index() -> None:
    # issue 32: a modal covers the page and the app re-renders it; the links' new nodes are
    # present but not listed (covered) when their old nodes die, and listed again later
    reg = IndexRegistry()
    reg.update("doc", entries(("b1", "code"), ("b2", "wiki")), {"b1", "b2"})
    covered = [Entry("b7", ("code",), listed=False), Entry("b8", ("wiki",), listed=False),
               Entry("b9", ("close",))]
    opened = reg.update("doc", covered, {"b7", "b8", "b9"})
    assert opened.indices == [3] and opened.removed == [1, 2]
    closed = reg.update("doc", entries(("b7", "code"), ("b8", "wiki")), {"b7", "b8"})
    assert closed.indices == [1, 2] and closed.added == [1, 2] and closed.removed == [3]


def test_an_unlisted_element_takes_no_number() -> None:
    reg = IndexRegistry()
    reg.update("doc", entries(("b1", "a")), {"b1"})
    update = reg.update("doc", [Entry("b1", ("a",)), Entry("b2", ("b",), listed=False),
                                Entry("b3", ("c",))], {"b1", "b2", "b3"})
    assert update.indices == [1, 2]  # no gap for b2
    later = reg.update("doc", entries(("b1", "a"), ("b2", "b"), ("b3", "c")), {"b1", "b2", "b3"})
    assert later.indices == [1, 3, 2]


def test_the_same_control_at_the_same_place_keeps_its_index() -> None:
    # a row's status changed ("open" → "closed"): its link's parent text differs, the link
    # is where it was; a control somewhere else with the same words gets a number of its own
    reg = IndexRegistry()
    link = ("a", "link", "Issue 2")
    reg.update("doc", [Entry("b1", (*link, "Issue 2 open"), (*link, "/div[2]/a"))], {"b1"})
    update = reg.update("doc", [Entry("b5", (*link, "Issue 2 closed"), (*link, "/div[2]/a")),
                                Entry("b6", (*link, "Issue 2 new"), (*link, "/div[3]/a"))],
                        {"b5", "b6"})
    assert update.indices == [1, 2]
    moved = reg.update("doc", [Entry("b7", (*link, "Issue 2 again"), (*link, "/div[9]/a"))],
                       {"b7"})
    assert moved.indices == [3]
