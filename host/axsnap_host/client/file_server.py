"""Serve a local folder on 127.0.0.1 so Chromium can load it over http.

Extensions cannot read ``file://`` pages without a per-extension switch, and the offline
host-resolver rules (docs/ARCHITECTURE.md) make ``localhost`` unreachable, so local files are served
from 127.0.0.1 on a free port for as long as the context is open. The tests, the fixture
recorders and the benchmarks serve their pages with the same helper (one test HTTP server),
passing their own handler class when they need extra routes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class QuietHandler(SimpleHTTPRequestHandler):
    """Static files, no request log (stdout and stderr stay clean)."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve_directory(
    root: Path,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    handler_class: type[SimpleHTTPRequestHandler] = QuietHandler,
) -> Iterator[str]:
    """Serve ``root`` and yield its base URL (``http://127.0.0.1:PORT/``, with the slash);
    ``host`` 127.0.0.2 serves another site (out-of-process iframes)."""
    handler = partial(handler_class, directory=str(root))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="axsnap-serve", daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def url_for(target: str) -> Iterator[str]:
    """Yield a URL Chromium can load: ``target`` itself if it is a URL, else a served file."""
    if "://" in target or target.startswith(("about:", "chrome:", "data:")):
        from axsnap_host.client.urls import check_url

        check_url(target)  # a bad address fails here, before a browser starts
        yield target
        return
    path = Path(target).expanduser().resolve()
    if not path.exists():
        raise FileNotFoundError(f"no such file or URL: {target}")
    root, name = (path, "") if path.is_dir() else (path.parent, path.name)
    with serve_directory(root) as base:
        yield base + name
