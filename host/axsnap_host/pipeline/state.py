"""Per-tab state the host keeps between requests (index registry, ...).

The pipeline is a pure function of (capture, options, the tab's previous state); this
module holds that state, explicitly, per tabId, for a bounded number of tabs. The raw page
data the native room keeps per tab beside it (the DOMSnapshot and AX stream bases) is
registered here as ``TabStore``s, so that one ``TabStates.forget`` (a closed tab) or an
eviction drops every store's share of the tab.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

from axsnap_host.pipeline.delta.cache import SnapshotCache
from axsnap_host.pipeline.dom.registry import IndexRegistry
from axsnap_host.pipeline.kept_pack import Packed, held_alone, pack

MAX_TABS = 64
# Tabs whose last whole-page SnapshotV1 rows are kept (the most recently read): as many
# as the extension's AX cache and the host's DOMSnapshot bases serve (dom_snapshot_bases.MAX_BASES).


MAX_SECRET_NAMES = 256


class TabState:
    """State of one tab: the DOM channel's index registry and the bases of deltas."""

    def __init__(self, tab_id: int | None) -> None:
        self.tab_id = tab_id
        self.dom_registry = IndexRegistry()
        self.snapshots = SnapshotCache()
        self.snapshots_served = 0
        # The last semantic read (semantic.build.SemanticIndex): semantic id → frame ordinal
        # and backendNodeId, for actions that name their target by semantic id.
        self.semantic_index: object | None = None
        # The DOM channel's last element records (redacted), for acting on what the caller
        # saw: a DOM text index resolves on these (act/service.py). ``elements``: held
        # packed between reads when nothing else holds them (pack_kept, kept_pack.py).
        self._elements: list[dict[str, Any]] | None = None
        self._elements_packed: Packed | None = None
        self.collections: dict[str, Any] = {}  # scroll-and-collect runs (act/collect.py)
        # The dialogs and live texts an act's resolve capture showed (act/page_facts.py):
        # its report says what opened, closed or appeared.
        self.act_before: Any = None
        # The capture the last act's report read, kept as the next act's "before" while the
        # page provably did not change (act/baseline.py, fast path act_baseline).
        self.act_baseline: Any = None
        # Names of the secret fields this tab's reads found: a form sent with GET puts the
        # typed password into the next page's URL under its field's name (url_scrub.py).
        self.secret_names: frozenset[str] = frozenset()

    @property
    def elements(self) -> list[dict[str, Any]] | None:
        if self._elements_packed is not None:  # the same records, back as objects
            self._elements = self._elements_packed.unpack()
            self._elements_packed = None
        return self._elements

    @elements.setter
    def elements(self, records: list[dict[str, Any]] | None) -> None:
        self._elements, self._elements_packed = records, None

    @property
    def elements_held(self) -> object:
        """The element records as held: their list, or their packed form, not read back (a
        read asks only whether it set them anew: native/host.py; ~60 MB of objects at 100k)."""
        return self._elements if self._elements_packed is None else self._elements_packed

    def pack_kept(self) -> None:
        """Hold what the tab keeps packed (kept_pack.py): the delta bases, then the element
        records when nothing but this state holds them (a base of DOM text's delta holds
        the same list until it is packed), then the index registry's tables (note 82).
        Called between messages (Host.release)."""
        self.snapshots.pack()
        if self._elements is not None and held_alone(self._elements):
            packed = pack(self._elements)
            if packed is not None:
                self._elements, self._elements_packed = None, packed
        self.dom_registry.pack()

    def remember_secret_names(self, names: frozenset[str]) -> None:
        """Add ``names`` to the tab's secret field names (at most MAX_SECRET_NAMES)."""
        if names and not names <= self.secret_names:
            self.secret_names = frozenset(sorted(self.secret_names | names)[:MAX_SECRET_NAMES])


class TabStore(Protocol):
    """Per-tab data kept outside TabState (native/dom_snapshot_bases.py, native/ax_stream_bases.py):
    ``forget_tab`` drops the tab's share and says how many entries went."""

    def forget_tab(self, tab_id: int | None) -> int: ...


class TabStates:
    """TabState per tabId, least recently used dropped beyond ``max_tabs``; ``stores``: the
    other per-tab stores, whose share of a tab goes with its TabState (forget, eviction)."""

    def __init__(self, max_tabs: int = MAX_TABS, stores: Sequence[TabStore] = ()) -> None:
        self._tabs: OrderedDict[int | None, TabState] = OrderedDict()
        self._max_tabs = max_tabs
        self.stores = tuple(stores)

    def get(self, tab_id: int | None) -> TabState:
        state = self._tabs.get(tab_id)
        if state is None:
            state = TabState(tab_id)
            self._tabs[tab_id] = state
            while len(self._tabs) > self._max_tabs:
                evicted, _ = self._tabs.popitem(last=False)
                self._forget_stored(evicted)
        else:
            self._tabs.move_to_end(tab_id)
        return state

    def pack_kept(self) -> None:
        """Every tab's kept state held packed (TabState.pack_kept)."""
        for state in self._tabs.values():
            state.pack_kept()

    def pack_registries_due(self) -> None:
        """The index registries a big update left to pack between messages (registry.py
        ``pack_due``; TabState.pack_kept packs them too)."""
        for state in self._tabs.values():
            if state.dom_registry.pack_due:
                state.dom_registry.pack()

    def peek(self, tab_id: int | None) -> TabState | None:
        """The tab's state, if known, without making it the most recently used."""
        return self._tabs.get(tab_id)

    def forget(self, tab_id: int | None) -> bool:
        """Drop everything the host keeps of the tab (a closed tab): its TabState and every
        store's share (raw, unredacted page data). Whether its TabState was known."""
        known = self._tabs.pop(tab_id, None) is not None
        self._forget_stored(tab_id)
        return known

    def _forget_stored(self, tab_id: int | None) -> None:
        for store in self.stores:
            store.forget_tab(tab_id)

    def __contains__(self, tab_id: object) -> bool:
        return tab_id in self._tabs

    def __len__(self) -> int:
        return len(self._tabs)
