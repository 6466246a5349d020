"""Selenium Grid 4: ``GridBrowser`` (a session with the extension in its capabilities) and
node preparation (``axsnap grid-node``: host registration, node TOML, the server jar)."""

from axsnap_host.grid.browser import GridBrowser, packed_extension
from axsnap_host.grid.node import find_jar, node_config, prepare_profiles, standalone_grid

__all__ = ["GridBrowser", "find_jar", "node_config", "packed_extension", "prepare_profiles",
           "standalone_grid"]
