"""The ``axsnap`` command: snapshot a page, act on it, run the demo, check the setup, install
the host."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from axsnap_host import __version__
from axsnap_host.batch.cli import add_batch_arguments
from axsnap_host.cli.launch import add_launch_flags, launch_options
from axsnap_host.cli.progress import ReadProgress
from axsnap_host.client.outputs import emit
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.options import exact_from_env, one_read_options, options_for_format
from axsnap_host.pipeline.url_scrub import scrub_urls_in_text

DEMO_DIR = Path(__file__).resolve().parents[1] / "demo"
FORMATS = ("snapshot", "domtext", "elements", "som", "outline", "semantic", "semantic_text")


def _progress(message: str) -> None:
    # the URLs a line names (the page loaded, an error's) through the one URL scrubber
    print(f"axsnap: {scrub_urls_in_text(message)[0]}", file=sys.stderr, flush=True)


def _options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {
        "pruned": not args.full_tree,
        "viewport_only": not args.whole_page,
        "viewport_expand_px": args.viewport_expand,
        "stabilize": {"enabled": not args.no_stabilize, "max_wait_ms": args.max_wait_ms},
    }
    if args.whole_page and getattr(args, "format", None) in ("snapshot", "outline"):
        options["scope"] = "page"  # the AX formats' whole page
        if getattr(args, "ax_source", None):
            options["ax_source"] = args.ax_source
    if args.trace_id:
        options["trace_id"] = args.trace_id
    if getattr(args, "snapshot_encoding", "nodes") != "nodes":
        options["snapshot_encoding"] = args.snapshot_encoding
    if args.exact or exact_from_env():
        options["exact"] = True
    if args.vision:
        options["vision"] = True
    if args.screenshot_format != "png":
        options["screenshot_format"] = args.screenshot_format
    if getattr(args, "focus", None):
        options["focus"] = args.focus
    if getattr(args, "compact", False):
        options["compact"] = True
    if getattr(args, "filter", "all") != "all":
        options["filter"] = args.filter
    if getattr(args, "depth", None) is not None:
        options["depth"] = args.depth
    if getattr(args, "max_tokens", None) is not None:
        options["max_tokens"] = args.max_tokens
    return options


def _summarize(reply: dict[str, Any]) -> str:
    result = reply.get("result", {})
    parts = [f"format={result.get('format')}"]
    snapshot = result.get("snapshot")
    if snapshot:
        quality = snapshot.get("quality", {})
        parts.append(
            f"nodes kept={quality.get('nodes_kept')} pruned={quality.get('nodes_pruned')} "
            f"redacted={quality.get('redacted')}"
        )
    if result.get("elements") is not None:
        parts.append(f"elements={len(result['elements'])}")
    if result.get("combinedTree") is not None:
        size = result.get("size") or {}
        parts.append(f"outline lines={len(result['combinedTree'].splitlines())} "
                     f"frames={len(result.get('frames') or [])} tokens={size.get('tokens')}")
    semantic = result.get("semantic")
    if semantic is not None:
        page = semantic.get("page", {})
        parts.append(f"page={page.get('type')} elements={len(semantic.get('elements', []))} "
                     f"suspicious={len(semantic.get('suspicious', []))}")
    vision = result.get("vision")
    if isinstance(vision, dict):
        parts.append("vision=ok" if vision.get("ok") else f"vision failed: {vision.get('reason')}")
    timings = reply.get("timings", {})
    if timings:
        shown = ", ".join(f"{k}={v:.0f}" for k, v in timings.items() if isinstance(v, int | float))
        parts.append(f"timings(ms): {shown}")
    return "; ".join(parts)


def _snapshot_to_dir(
    target: str, formats: Sequence[str], out_dir: str | None, options: dict[str, Any],
    headless: bool, progress: bool | None = None, launch: dict[str, Any] | None = None,
) -> int:
    """``out_dir`` None or "-": the main output on stdout. ``progress``: a progress line on
    stderr (None: only on a terminal). ``launch``: Browser's chromium, chromedriver and
    extra_args."""
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import url_for
    from axsnap_host.models.options import wire_options

    per_format = {fmt: options_for_format(options, fmt) if len(formats) > 1 else
                  {**options, "format": fmt} for fmt in formats}
    for fmt_options in per_format.values():
        wire_options(fmt_options)  # a bad option fails here, before a browser starts
    with url_for(target) as url:
        _progress("launching Chromium with the axsnap extension…")
        started = time.perf_counter()
        with Browser(headless=headless, **(launch or {})) as browser:
            _progress(f"browser ready in {time.perf_counter() - started:.1f} s; loading {url}")
            browser.open(url)
            # the whole page in several formats to a folder: one capture rendered in each
            together = one_read_options(per_format) if out_dir not in (None, "-") else None
            reads = {"+".join(formats): together} if together is not None else per_format
            for fmt, fmt_options in reads.items():
                _progress(f"snapshot ({fmt})…")
                with ReadProgress(fmt, enabled=progress) as shown:
                    reply = browser.snapshot_raw(**fmt_options,
                                                 on_progress=shown if shown.enabled else None)
                for path in emit(reply["result"], out_dir):
                    _progress(f"wrote {path}")
                print(_summarize(reply), file=sys.stdout if out_dir not in (None, "-")
                      else sys.stderr)
    return 0


def cmd_snapshot(args: argparse.Namespace) -> int:
    if args.session:
        from axsnap_host.cli.sessions import snapshot_in_session

        return snapshot_in_session(args, _options_from_args(args))
    if not args.target:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, "snapshot needs a URL or a file",
                          "axsnap snapshot URL_OR_FILE, or -s NAME for an open session")
    return _snapshot_to_dir(
        args.target, [args.format], args.out, _options_from_args(args), not args.headed,
        progress=args.progress, launch=launch_options(args),
    )


def cmd_demo(args: argparse.Namespace) -> int:
    out_dir = args.out or "axsnap-out"
    code = _snapshot_to_dir(
        str(DEMO_DIR / "index.html"),
        ["snapshot", "som", "outline"],
        out_dir,
        _options_from_args(args),
        not args.headed,
        progress=args.progress,
        launch=launch_options(args),
    )
    if out_dir != "-":
        _progress(f"demo outputs are in {Path(out_dir).resolve()}")
    return code


def cmd_batch(args: argparse.Namespace) -> int:
    from axsnap_host.batch.cli import run_batch_command

    return run_batch_command(args, _options_from_args(args))


def cmd_doctor(args: argparse.Namespace) -> int:
    from axsnap_host.cli.doctor import run_doctor

    return run_doctor(live=not args.quick)


def _add_capture_flags(parser: argparse.ArgumentParser, out_help: str) -> None:
    parser.add_argument("--out", default=None, metavar="DIR", help=out_help)
    parser.add_argument("--full-tree", action="store_true", help="keep every AX node (no pruning)")
    parser.add_argument("--whole-page", action="store_true",
                        help="the whole page, not only the viewport (scope 'page' for "
                        "snapshot/outline)")
    parser.add_argument("--ax-source", choices=("walk", "chromium"), default=None,
                        help="--whole-page snapshot/outline: the walker's own pass or "
                        "Chromium's accessibility tree (streamed to the host in parts)")
    parser.add_argument("--viewport-expand", type=int, default=0, metavar="PX",
                        help="grow the viewport window by PX pixels")
    parser.add_argument("--no-stabilize", action="store_true", help="capture without waiting")
    parser.add_argument("--max-wait-ms", type=int, default=5000, help="stabilization cap")
    parser.add_argument("--exact", action="store_true",
                        help="every fast path off: the read equals a cold read "
                        "(also AXSNAP_EXACT=1)")
    parser.add_argument("--trace-id", default=None, help="trace id copied into the snapshot")
    parser.add_argument("--snapshot-encoding", choices=("nodes", "rows"), default="nodes",
                        help="SnapshotV1 nodes as the spec's objects (default) or as rows "
                        "[depth, id, role, name, bbox, props] (an extension: fewer tokens)")
    parser.add_argument("--vision", action="store_true",
                        help="DOM channel: also write the Set-of-Mark screenshot (som.png)")
    parser.add_argument("--screenshot-format", choices=("png", "jpeg"), default="png",
                        help="vision: screenshot and image format")
    parser.add_argument("--focus", default=None, metavar="ID_XPATH_OR_CSS",
                        help="outline: only this subtree (element id, XPath or CSS selector)")
    parser.add_argument("--compact", action="store_true",
                        help="outline: only lines that say something (controls with their ids, "
                        "text, values, states) and their ancestors")
    parser.add_argument("--filter", choices=("all", "interactive"), default="all",
                        help="outline: 'interactive' keeps controls and their ancestors")
    parser.add_argument("--depth", type=int, default=None, metavar="N",
                        help="outline: only the top N levels")
    parser.add_argument("--max-tokens", type=int, default=None, metavar="N",
                        help="outline: token budget (cl100k); the least useful lines are elided")
    parser.add_argument("--headed", action="store_true", help="show the browser (needs a display)")


def _add_progress_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="a progress line on stderr: stage, AX nodes and parts sent to the "
                        "host (default: on a terminal)")


def build_parser() -> argparse.ArgumentParser:
    from axsnap_host.cli.sessions import add_commands as add_session_commands
    from axsnap_host.cli.sessions import add_session_flag

    parser = argparse.ArgumentParser(prog="axsnap", description=__doc__)
    parser.add_argument("--version", action="version", version=f"axsnap {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    snap = sub.add_parser("snapshot", help="snapshot a URL, a local HTML file or an open "
                          "session's tab (-s NAME); the output goes to stdout")
    snap.add_argument("target", metavar="URL_OR_FILE", nargs="?",
                      help="what to load (with -s: optional, loaded in the session's tab)")
    snap.add_argument("--format", choices=FORMATS, default="snapshot")
    add_session_flag(snap)
    _add_capture_flags(snap, "write every output to files in DIR (default: the main output "
                       "on stdout, as with '-')")
    _add_progress_flag(snap)
    add_launch_flags(snap)
    snap.set_defaults(func=cmd_snapshot)

    demo = sub.add_parser("demo", help="snapshot the bundled demo page and write every output")
    _add_capture_flags(demo, "output folder (default: axsnap-out; '-': stdout)")
    _add_progress_flag(demo)
    add_launch_flags(demo)
    demo.set_defaults(func=cmd_demo)

    batch = sub.add_parser("batch", help="snapshot many pages on a pool of browsers (or a "
                           "Selenium Grid), resumable: DIR/<page>/ and DIR/results.jsonl")
    add_batch_arguments(batch, FORMATS)
    _add_capture_flags(batch, "output folder (default: axsnap-out)")
    add_launch_flags(batch)
    batch.set_defaults(func=cmd_batch)

    doctor = sub.add_parser("doctor", help="check Chromium, driver, host and extension")
    doctor.add_argument("--quick", action="store_true", help="skip the live browser check")
    doctor.set_defaults(func=cmd_doctor)

    from axsnap_host.cli.act import add_command as add_act

    add_act(sub, FORMATS)  # act URL --do STEP ...

    from axsnap_host.cli.outside import add_commands

    add_commands(sub)  # serve, mcp
    add_session_commands(sub)  # open, close, sessions

    # Parsed by the node preparation and the installer themselves (main() hands them the
    # rest of the command line).
    sub.add_parser("grid-node", help="prepare a Selenium Grid node (grid-node --help)")
    sub.add_parser("install-host", help="register the native host (install-host --help)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["grid-node"]:
        from axsnap_host.grid.node import main as node_main

        return node_main(argv[1:])
    if argv[:1] == ["install-host"]:
        from axsnap_host.install import main as install_main

        return install_main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except AxsnapError as err:  # one line: what failed, and what to do about it
        hint = f" (hint: {err.hint})" if err.hint else ""
        _progress(f"error [{err.code}]: {err.message}{hint}")
        return 2
    except FileNotFoundError as err:
        _progress(f"error: {err}")
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
