#!/usr/bin/env python3
"""Prepare this machine as a Selenium Grid node for axsnap batches (see --help).

Same as ``axsnap grid-node``: registers the host (system-wide or in per-slot profiles),
writes the node TOML, prints the Selenium server jar.
"""

import sys

try:
    from axsnap_host.grid.node import main
except ImportError:
    sys.exit("prepare_grid_node.py: install axsnap first (pip install axsnap-host, or "
             "bash scripts/bootstrap.sh in a checkout)")

if __name__ == "__main__":
    raise SystemExit(main())
