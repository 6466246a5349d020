#!/usr/bin/env python3
"""Register the axsnap native host (thin wrapper over axsnap_host.install; --help for options).

The host wrapper pins the interpreter that runs the installer. Run from a checkout with a
system ``python3`` that lacks axsnap, this script re-runs itself with the checkout's .venv.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

try:
    from axsnap_host.install import main
except ImportError:
    venv_python = ROOT / ".venv" / "bin" / "python"
    if venv_python.exists() and Path(sys.prefix).resolve() != venv_python.parents[1].resolve():
        os.execv(str(venv_python), [str(venv_python), __file__, *sys.argv[1:]])
    sys.exit(f"install_host.py: axsnap is not installed for {sys.executable}; "
             f"run `pip install -e {ROOT}` first")

if __name__ == "__main__":
    raise SystemExit(main())
