"""What the formats of one read share (``also_formats``: one capture, several formats).

A structure that depends on the capture alone (the walk tree, the element facts of the
join) is built by the first format that needs it and kept in the capture's ``derived``; the
formats made after it read it, and the read's last format takes it out, so it lives no
longer than it is used (design note 52). ``pipeline/run.py`` sets :data:`MORE_FORMATS`
while it makes a read's other formats: a format made then is not the read's last.
"""

from __future__ import annotations

from typing import Any

MORE_FORMATS = "more_formats"  # capture.derived: set while a read has formats to make after
# capture.derived: set while a read's other formats are made on a capture the host parsed
# itself (pipeline/ax/build.py HOST_OWNED, which the read's last format alone is given): a
# part of it that every format of the read takes from a shared structure may be freed
READ_OWNED = "read_owned"


def is_last_format(derived: dict[str, Any]) -> bool:
    """Whether the format being made is its read's last (then it takes what is shared)."""
    return not derived.get(MORE_FORMATS)
