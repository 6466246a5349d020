"""``python -m axsnap_host``: run the native-messaging host.

Chrome starts the host with the caller's origin as an argument (and on Windows a window
handle); those are accepted and ignored.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import BinaryIO

from axsnap_host.native.log import setup_logging


def protect_stdout() -> BinaryIO:
    """Keep a private handle on fd 1 for frames and point fd 1 and sys.stdout at stderr.

    After this, a stray ``print`` or a C library writing to fd 1 lands on stderr instead of
    corrupting the frame stream.
    """
    sys.stdout.flush()
    frames_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(frames_fd, "wb")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m axsnap_host", description=__doc__)
    parser.add_argument("--log-file", help="append logs here instead of stderr")
    parser.add_argument(
        "--log-level", default=os.environ.get("AXSNAP_LOG_LEVEL", "INFO"),
        choices=["DEBUG", "INFO", "WARNING", "ERROR", "debug", "info", "warning", "error"],
    )
    args, _chrome_args = parser.parse_known_args(argv)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    setup_logging(args.log_level, args.log_file or os.environ.get("AXSNAP_LOG_FILE"))
    frames_out = protect_stdout()
    from axsnap_host.native.host import Host, run_message_loop, send_reply
    from axsnap_host.native.protocol import FrameIO

    frames = FrameIO(sys.stdin.buffer, frames_out)
    host = Host()
    if os.environ.get("AXSNAP_CONTROL_LINK", "1") != "0":
        # Reach `axsnap serve` (when it runs) so outside agents can ask through this browser.
        from axsnap_host.control.link import ControlLink

        host.control_link = ControlLink(lambda message: send_reply(frames, message)).start()
    return run_message_loop(frames, host)


if __name__ == "__main__":
    raise SystemExit(main())
