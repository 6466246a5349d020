"""Measure the walker on generated pages (gen.html?n=...) in real Chromium via Selenium.

Usage: .venv/bin/python tests/pages/dom/measure_walker.py [--extension] [1000 5000 20000]
Prints, per size and mode, the walker's own elapsed_ms (median of 3), nodes visited and
records emitted. Plain mode runs the walker through Selenium in the page world (no
chrome.dom), same code as the extension; --extension goes through the real extension and
host (format "elements") and adds the injection time, the host's DOM-channel time and the
end-to-end time.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "fixtures"))
from dom_record import PAGES, make_driver, run_walker, serve


def main_extension(sizes: list[int]) -> None:
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    fast = {"stabilize": {"enabled": False}}
    with serve_directory(PAGES, host="127.0.0.1") as base, Browser(timeout_s=120) as browser:
        for n in sizes:
            browser.open(f"{base}gen.html?n={n}")
            for label, opts in (("viewport", {}), ("whole page", {"viewport_only": False})):
                replies = [browser.snapshot_raw(format="elements", **fast, **opts)
                           for _ in range(3)]
                def med(get: object, rs: list = replies) -> float:
                    return statistics.median(get(r) for r in rs)  # type: ignore[operator]
                walk = med(lambda r: r["result"]["stats"]["walker"]["elapsed_ms"])
                inject = med(lambda r: r["result"]["stats"]["walker"]["inject_ms"])
                host = med(lambda r: r["result"]["timings"]["dom_ms"])
                total = med(lambda r: r["timings"]["total_ms"])
                count = len(replies[0]["result"]["elements"])
                print(f"n={n:>6} {label:<10} walker={walk:7.1f} ms inject={inject:7.1f} ms "
                      f"host_dom={host:7.1f} ms total={total:7.1f} ms elements={count}")


def main(sizes: list[int]) -> None:
    server, base = serve(PAGES)
    with tempfile.TemporaryDirectory() as profile:
        driver = make_driver(profile)
        try:
            for n in sizes:
                driver.get(f"{base}/gen.html?n={n}")
                count = driver.execute_script("return document.getElementsByTagName('*').length")
                for label, opts in (("viewport", {"viewportOnly": True}),
                                    ("whole page", {"viewportOnly": False})):
                    runs = [run_walker(driver, opts) for _ in range(3)]
                    ms = statistics.median(r["stats"]["elapsed_ms"] for r in runs)
                    st = runs[0]["stats"]
                    print(f"n={n:>6} elements={count:>6} {label:<10} walker={ms:8.1f} ms "
                          f"visited={st['visited']:>6} emitted={st['emitted']:>6}")
        finally:
            driver.quit()
            server.shutdown()


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--extension" in args:
        args.remove("--extension")
        main_extension([int(a) for a in args] or [1000, 5000, 20000])
    else:
        main([int(a) for a in args] or [1000, 5000, 20000])
