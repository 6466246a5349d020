"""The DOM channel: index DOMSnapshot, join the in-page walker, keep stable element indices,
and build DOM text, elements and the Set-of-Mark vision part."""
