"""A class's reference page (issue 31, design note 336): the lines of the page's words that make
it one, from the host's own reads of TypeDoc's, Javadoc's and pydoctor's class pages (the
hundred-and-fourteenth, -seventeenth and -eighteenth held-out sets), cut to what matters."""

from __future__ import annotations

import pytest

from axsnap_host.semantic.api_references import documents_one_type

TYPEDOC = ("timetable - larkspur hollow timetable \n search \n class timetable \n trains are kept"
           " sorted by their first departure. \n index \n constructors \n properties \n accessors"
           " \n methods")
JAVADOC = ("package org.example.heronsgate.lending \n class lendingdesk \n public class lendingdesk"
           " extends object \n field summary \n fields \n modifier and type \n constructor summary")
PYDOCTOR = ("trailbook.walks.walk \n class walk \n class \n methods \n __init__ \n book \n"
            " attributes \n day \n leader")
# ESDoc's class page (the one-hundred-twenty-seventh set): "class" alone over the heading "Hive".
ESDOC = ("hive - hivelog \n class \n constructor summary \n public constructor \n member summary \n"
         " public members \n method summary \n public methods")


@pytest.mark.parametrize("said", [TYPEDOC, JAVADOC, PYDOCTOR])
def test_a_kind_and_name_over_two_member_sections_documents_one_type(said: str) -> None:
    assert documents_one_type(said)


def test_the_kind_alone_over_an_identifier_heading_documents_one_type() -> None:
    assert documents_one_type(ESDOC, "hive")
    assert not documents_one_type(ESDOC, "hive keeping for beginners")  # a heading of words
    assert not documents_one_type(ESDOC)  # no heading to name the type


@pytest.mark.parametrize("said", [
    "class schedule \n properties \n yoga for growers",  # one section only
    "classes \n methods \n properties",  # no kind and name on one line
    "package trailbook \n variables \n functions",  # a package lists its types
    "the class timetable keeps trains \n methods \n properties",  # a sentence, not a name line
])
def test_anything_less_is_no_reference(said: str) -> None:
    assert not documents_one_type(said)


# Natural Docs' page of a C file (the hundred-and-fifty-first set): a struct among its
# Constants and Functions; gtk-doc's type page: an enum under Functions and Types and Values
NATURAL_DOCS = ("pound.c \n summary \n constants \n levels \n functions \n pound_read stores one"
                " reading \n struct pound_reading \n members")
GTK_DOC = ("ashlock \n ashlock — one lock of a flight \n functions \n ashlock * ash_lock_new () \n"
           " types and values \n enum ashlockstate \n description")


@pytest.mark.parametrize("said", [NATURAL_DOCS, GTK_DOC])
def test_constants_and_types_and_values_are_member_sections(said: str) -> None:
    assert documents_one_type(said)
    assert not documents_one_type(said.replace("constants", "notes")
                                  .replace("types and values", "notes"))
