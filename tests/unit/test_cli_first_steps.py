"""What a new user meets first: ``axsnap --version``, the install command a wheel has,
``axsnap serve`` on a busy port (one line, exit 2) and after SIGTERM (no runtime files, a stop
of a few ms of CPU), one runtime folder per install, stdout by default (``--out -`` is stdout,
not a folder), and the session records (names, modes, pruning of dead ones)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axsnap_host import __version__
from axsnap_host.cli.main import main
from axsnap_host.client.outputs import emit, main_text
from axsnap_host.control.paths import install_id, runtime_dir
from axsnap_host.control.server import serve_async
from axsnap_host.install.check import install_fix
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.sessions import store
from axsnap_host.sessions.client import list_sessions, open_session


def _axsnap(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "axsnap_host.cli.main", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"axsnap {__version__}"


def test_a_wheel_is_told_axsnap_install_host(tmp_path: Path) -> None:
    wheel = install_fix(checkout_script=tmp_path / "scripts" / "install_host.py")
    assert wheel == "run `axsnap install-host`" and "scripts/" not in wheel
    script = tmp_path / "install_host.py"
    script.write_text("")
    assert "python3 scripts/install_host.py" in install_fix(checkout_script=script)


def test_two_installs_get_two_runtime_folders(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.delenv("AXSNAP_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    wheel = tmp_path / "venv/lib/python3.11/site-packages/axsnap_host"
    checkout = tmp_path / "src/axsnap/host/axsnap_host"
    assert install_id(wheel) != install_id(checkout)
    assert runtime_dir(wheel) != runtime_dir(checkout)
    assert runtime_dir(wheel) == runtime_dir(wheel)
    assert runtime_dir(wheel).parent == tmp_path
    monkeypatch.setenv("AXSNAP_RUNTIME_DIR", str(tmp_path / "explicit"))
    assert runtime_dir(wheel) == runtime_dir(checkout) == tmp_path / "explicit"


@pytest.fixture
def serve_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "AXSNAP_RUNTIME_DIR": str(tmp_path / "run"),
            "AXSNAP_CONFIG_DIR": str(tmp_path / "config")}


def test_serve_on_a_busy_port_says_one_line(serve_env: dict[str, str]) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        proc = _axsnap(serve_env, "serve", "--port", str(port))
        _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"127.0.0.1:{port} is in use" in err and "--port" in err
    assert not Path(serve_env["AXSNAP_RUNTIME_DIR"], "control.sock").exists()


def test_sigterm_to_serve_leaves_no_runtime_files(serve_env: dict[str, str]) -> None:
    run = Path(serve_env["AXSNAP_RUNTIME_DIR"])
    proc = _axsnap(serve_env, "serve", "--port", "0")
    try:
        while not (run / "serve.json").exists():
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)
        assert (run / "control.sock").exists()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert not run.exists() or not list(run.iterdir())


def test_serve_stops_on_its_cleanup_not_the_interpreters_teardown(
        serve_env: dict[str, str], tmp_path: Path) -> None:
    # A stop used to spend 70-110 ms of CPU after serve's own cleanup, tearing down every
    # module it had imported; a niced serve at load 15-29 took more than 10 s to exit for it.
    # The teardown is what runs the interpreter's exit hooks: a hook registered before serve
    # starts must never run, while serve's own cleanup (its runtime files) must.
    run = Path(serve_env["AXSNAP_RUNTIME_DIR"])
    marker = tmp_path / "interpreter_teardown_ran"
    start = ("import atexit, pathlib, runpy, sys\n"
             f"atexit.register(pathlib.Path({str(marker)!r}).touch)\n"
             "sys.argv = ['axsnap', 'serve', '--port', '0']\n"
             "runpy.run_module('axsnap_host.cli.main', run_name='__main__')\n")
    proc = subprocess.Popen([sys.executable, "-c", start], env=serve_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while not (run / "serve.json").exists():
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=120)
    finally:
        if proc.returncode is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert not run.exists() or not list(run.iterdir())
    assert not marker.exists(), "serve's stop ran the interpreter's teardown"


def test_sigterm_while_serve_announces_itself_leaves_no_runtime_files(
        serve_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # On a loaded machine SIGTERM can land just after serve.json is written, while the address
    # is announced: interrupted_by_sigterm raises KeyboardInterrupt there, as this announce does.
    for name in ("AXSNAP_RUNTIME_DIR", "AXSNAP_CONFIG_DIR"):
        monkeypatch.setenv(name, serve_env[name])
    run = Path(serve_env["AXSNAP_RUNTIME_DIR"])
    present: list[list[str]] = []

    def announce(_info: dict[str, object]) -> None:
        present.append(sorted(path.name for path in run.iterdir()))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        asyncio.run(serve_async(0, token_file=tmp_path / "token", ready=announce))
    assert present == [["control.sock", "serve.json"]]
    assert not list(run.iterdir())


def test_out_dash_is_stdout_never_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    result = {"format": "domtext", "domtext": "[1] <button> \"Go\"", "elements": []}
    assert emit(result, "-") == [] and emit(result, None) == []
    assert capsys.readouterr().out == "[1] <button> \"Go\"\n" * 2
    assert not (tmp_path / "-").exists()
    written = emit(result, tmp_path / "files")
    assert [p.name for p in written] == ["dom.txt", "elements.json"]
    assert main_text({"format": "elements", "elements": [{"index": 1}], "domtext": "x"}) \
        .startswith("[")
    assert main_text({"format": "outline", "combinedTree": "[0-1] button: Go"}) == \
        "[0-1] button: Go\n"


def test_batch_refuses_out_dash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text("http://127.0.0.1:9/\n")
    assert main(["batch", str(urls), "--out", "-"]) == 2
    assert "--out needs a folder" in capsys.readouterr().err


def test_snapshot_without_target_or_session_is_a_clear_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["snapshot"]) == 2
    err = capsys.readouterr().err
    assert "invalid_message" in err and "-s NAME" in err


def test_session_names_and_a_missing_session(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("AXSNAP_RUNTIME_DIR", str(tmp_path / "run"))
    for bad in ("", "../x", "a/b", ".hidden", "x" * 41):
        with pytest.raises(AxsnapError):
            store.check_name(bad)
    assert main(["snapshot", "-s", "nowhere"]) == 2
    assert "no open session 'nowhere'" in capsys.readouterr().err


def test_dead_sessions_are_pruned(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AXSNAP_RUNTIME_DIR", str(tmp_path / "run"))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    record = store.SessionRecord(name="old", pid=gone.pid,
                                 socket=str(store.paths_of("old")[1]), token="t")
    path = store.write_record(record)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert json.loads(path.read_text())["name"] == "old"
    live, pruned = list_sessions()
    assert live == [] and [r.name for r in pruned] == ["old"]
    assert not path.exists()
    assert "token" not in record.public()


def test_open_on_an_open_session_says_session_open(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A live session (its process runs, its socket answers) is not opened twice, and the
    code says so: ``session_open``, not ``serve_running`` (no axsnap serve is involved)."""
    monkeypatch.setenv("AXSNAP_RUNTIME_DIR", str(tmp_path / "run"))
    sock_path = store.paths_of("work")[1]
    store.private_dir(sock_path.parent)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(sock_path))
        listener.listen(4)
        store.write_record(store.SessionRecord(name="work", pid=os.getpid(),
                                               socket=str(sock_path), token="t"))
        with pytest.raises(AxsnapError) as caught:
            open_session("work", "https://example.com/")
        assert caught.value.code == ErrorCode.SESSION_OPEN == "session_open"
        assert "session 'work' is open already" in caught.value.message
        assert "-s work" in caught.value.hint
        assert main(["open", "https://example.com/", "-s", "work"]) == 2
        assert "session_open" in capsys.readouterr().err
        assert store.read_record("work") is not None  # the open one is left alone
    finally:
        listener.close()
