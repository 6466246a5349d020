"""``axsnap install-host`` / ``scripts/install_host.py``: the installer's command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from axsnap_host.install.check import check_registration
from axsnap_host.install.layout import BROWSERS, DEFAULT_BROWSERS, MANIFEST_NAME, Environment
from axsnap_host.install.writer import install_host, uninstall_host, unpack_extension


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="axsnap install-host",
        description="Register (or remove) the axsnap native host for Chromium-family browsers "
                    "(Linux, macOS: manifest files; Windows: registry keys + a .cmd launcher).",
    )
    parser.add_argument("--browser", action="append", choices=[*BROWSERS, "all"],
                        help="browser(s) to register for (default: chrome and chromium)")
    parser.add_argument("--user-data-dir", action="append", default=[], metavar="DIR",
                        help="also (or only) register into DIR/NativeMessagingHosts of a custom "
                             "profile; repeatable")
    parser.add_argument("--system", action="store_true",
                        help="system-wide folders, or HKEY_LOCAL_MACHINE (needs root/admin)")
    parser.add_argument("--user", action="store_true",
                        help="per-user folders even when --user-data-dir/--system is given")
    parser.add_argument("--extension-id", action="append", default=[], metavar="ID",
                        help="allow another extension id besides axsnap's own; repeatable")
    parser.add_argument("--wrapper-dir", type=Path, default=None,
                        help="where the launcher, the staged manifest and the install record go "
                             f"(default: {Environment.current().wrapper_dir()})")
    parser.add_argument("--extension-dir", type=Path, default=None, metavar="DIR",
                        help="also unpack the bundled extension into DIR, for "
                             "chrome://extensions → Load unpacked")
    parser.add_argument("--log-file", type=Path, default=None, help="host log file")
    parser.add_argument("--uninstall", action="store_true",
                        help="remove what install wrote (as listed in its install record)")
    parser.add_argument("--check", action="store_true", help="only check the registration")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    chosen = args.browser or list(DEFAULT_BROWSERS if not args.uninstall else BROWSERS)
    browsers = list(BROWSERS) if "all" in chosen else list(dict.fromkeys(chosen))
    user = True if args.user else None
    try:
        if args.check:
            paths = None
            if args.user_data_dir:
                paths = [Path(d) / "NativeMessagingHosts" / MANIFEST_NAME
                         for d in args.user_data_dir]
            problems = check_registration(paths, browsers)
            for p in problems:
                print(f"problem: {p['problem']}\n  fix: {p['fix']}")
            print("registration ok" if not problems else f"{len(problems)} problem(s)")
            return 1 if problems else 0
        if args.uninstall:
            uninstall_host(browsers=browsers, user_data_dirs=args.user_data_dir,
                           system=args.system, user=user, wrapper_dir=args.wrapper_dir)
            return 0
        install_host(browsers=browsers, user_data_dirs=args.user_data_dir, system=args.system,
                     user=user, extension_ids=args.extension_id, wrapper_dir=args.wrapper_dir,
                     log_file=args.log_file)
        if args.extension_dir is not None:
            unpack_extension(args.extension_dir, wrapper_dir=args.wrapper_dir)
    except PermissionError as err:
        print(f"install-host: permission denied: {err.filename} (system folders need root: "
              "sudo)", file=sys.stderr)
        return 1
    except (ValueError, FileNotFoundError, FileExistsError) as err:
        print(f"install-host: {err}", file=sys.stderr)
        return 2
    return 0
