"""The markup attributes that name an element to the page's authors, one rule for the walker
and the host.

Twins alike in everything a person reads are told apart by the words of their own markup name
before anything numbers them: the walker over the whole page (``extension/lib/walker/src/
twin_own.js``, design note 278) and the read over the twins the walker never parted
(``semantic/read_twins.py``, design note 281). Both look at these attributes, in this order;
the list reaches the walker through ``extension/lib/walker/src/generated_contract.js``
(``native/contract.py``).
"""

from __future__ import annotations

OWN_NAME_ATTRS = ("id", "data-testid", "data-test", "data-cy", "data-test-id", "name")
