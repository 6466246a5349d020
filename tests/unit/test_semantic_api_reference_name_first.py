"""A class's reference page headed with its name first (YUIDoc's "WaterRota Class") over its
members' sections is an API reference (design note 348); a gym's "Yoga Class" over no member
section is none."""

from __future__ import annotations

from axsnap_host.semantic.api_references import documents_one_type

YUIDOC = ("waterrota - fernwick allotments \n classes modules \n waterrota class \n module: \n "
          "defined in: \n constructor \n waterrota \n parameters: \n methods \n away \n days")


def test_a_name_then_its_kind_over_member_sections_documents_one_type() -> None:
    assert documents_one_type(YUIDOC)
    assert documents_one_type(YUIDOC.replace("waterrota class", "class waterrota"))


def test_a_name_then_a_kind_with_no_member_sections_is_no_reference() -> None:
    assert not documents_one_type("timetable \n yoga class \n monday 18:00 \n book a place")
    assert not documents_one_type(YUIDOC.replace("constructor", "map").replace("methods", "fees"))
