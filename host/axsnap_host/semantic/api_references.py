"""A page documenting one class or function: an API reference (issue 31, design note 336).

A documentation generator's page of one class, structure or function (Javadoc's "Class
LendingDesk", TypeDoc's "Class Timetable", pydoctor's "class Walk", Doxygen's file reference)
holds its members' summary tables and linked names: ten table rows and eight alike rows of
links read as a list. A person reads it as one written document, the type's reference. It says
so in its own words: a line naming a code kind and one identifier ("class timetable", "struct
lk_boat", or the name first: YUIDoc's "waterrota class"), and two or more of the sections
such a reference is made of ("Constructors", "Methods", "Field Summary", "Macros", Natural
Docs' "Constants", gtk-doc's "Types and Values": note 350). A course's
"Class schedule" page names no such sections; a package's or module's page lists its types,
so those kinds are no reference here. On a reference page the list signals stand down: its
summary rows are the document's own parts.

A module's page that documents its members in full is a reference too: mkdocstrings (the API
pages of many Python projects' MkDocs sites) writes each member under its heading with the
labels Griffe gives it ("module-attribute", "dataclass", "property", "classmethod"), its
bases ("Bases: BookingError") and its "Source code in tidewell/bookings.py"; three such lines
make the page one (design note 347), its members' headings no list's cards.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

SIGNAL = (
    "stats:a line naming a class or function and 2+ of its members' sections (an API reference)")
WEIGHT = 0.5
SECTIONS_NEEDED = 2

# The code kinds a reference page documents one of, and an identifier as the page says it.
_KINDS = r"class|interface|struct|enum|trait|union|record|function|macro|protocol|exception"
_NAME = r"[a-z_$][\w$.:<>\-]*"
_KIND_AND_NAME = re.compile(rf"(?:{_KINDS}|type alias)\s+{_NAME}")
# (or the name first, as YUIDoc heads a class's page: "WaterRota Class", note 348)
_NAME_AND_KIND = re.compile(rf"{_NAME}\s+(?:{_KINDS})")
_KIND_ALONE = re.compile(_KINDS)
_IDENTIFIER = re.compile(_NAME)
_MEMBER_SECTION = re.compile(
    r"constructors?|constructor summary|member summary|methods|method summary|method details?"
    r"|properties|fields|field summary"
    r"|field details?|accessors|attributes|instance variables|class variables"
    r"|(?:public )?member functions|data fields|typedefs|macros|enumerations|functions"
    r"|variables|data structures|constants|types and values")


def documents_one_type(said: str, heading: str = "") -> bool:
    """A line of a code kind and its identifier (or a line of the kind alone under the page's
    own heading that is one identifier: ESDoc's "class" over "Hive"), and 2+ member-section
    lines, in ``said``."""
    lines = [line.strip() for line in said.split("\n")]
    named = any(_KIND_AND_NAME.fullmatch(line) or _NAME_AND_KIND.fullmatch(line)
                for line in lines) or (
        bool(_IDENTIFIER.fullmatch(heading.strip()))
        and any(_KIND_ALONE.fullmatch(line) for line in lines))
    if not named:
        return False
    sections = {line for line in lines if _MEMBER_SECTION.fullmatch(line)}
    return len(sections) >= SECTIONS_NEEDED


MEMBERS_SIGNAL = ("stats:3+ members each under its kind's label, bases or source (an API "
                  "reference's module page)")
MEMBER_LINES_NEEDED = 3
_MEMBER_LABEL = re.compile(
    r"(?:module|class|instance)-attribute|dataclass|property|classmethod|staticmethod"
    r"|abstractmethod|bases: \S.*|source code in \S+\.pyi?")


def documents_members(said: str) -> bool:
    """Three lines or more in ``said`` that are a member's kind label, its bases or where its
    source is (mkdocstrings' module page)."""
    lines = (line.strip() for line in said.split("\n"))
    return sum(bool(_MEMBER_LABEL.fullmatch(line)) for line in lines) >= MEMBER_LINES_NEEDED


def fire_api_reference(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the article signal of one type's or function's reference page; whether it fired
    (its members' summary rows and linked names are then no list's items)."""
    reference = documents_one_type(f.said, f.own_heading)
    fire("article", SIGNAL, WEIGHT, reference)
    members = not reference and documents_members(f.said)
    fire("article", MEMBERS_SIGNAL, WEIGHT, members)
    return reference or members
