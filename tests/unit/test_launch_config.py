"""The product's Chromium launch: it reaches any host (the tests' offline resolver rule stays in
tests/offline_launch.py), takes the user's extra arguments, and finds Chromium and
chromedriver on Linux, macOS and Windows (fake trees)."""

from __future__ import annotations

import pytest

from axsnap_host.client import Browser
from axsnap_host.client.chromium import ARGS_ENV, env_args, launch_flags, merge_flags
from axsnap_host.client.paths import (
    System,
    find_chromedriver,
    find_chromium,
    install_hint,
    require_browser,
)
from axsnap_host.models.errors import AxsnapError
from axsnap_host.pipeline.page_status import navigation_failed
from offline_launch import OFFLINE_ARGS, use_offline_launch, without_offline_launch


def _no_rules(flags: list[str]) -> bool:
    return not any(f.startswith("--host-resolver-rules") or "NOTFOUND" in f for f in flags)


def test_product_flags_block_no_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ARGS_ENV, raising=False)
    assert _no_rules(launch_flags())
    assert _no_rules(launch_flags(headless=False, user_data_dir="/tmp/p"))
    assert _no_rules(Browser().chromium_args())
    assert _no_rules(Browser(headless=False, extra_args=("--lang=de",)).chromium_args())


def test_grid_flags_block_no_host(monkeypatch: pytest.MonkeyPatch) -> None:
    from axsnap_host.grid.browser import GridBrowser

    monkeypatch.delenv(ARGS_ENV, raising=False)
    options = GridBrowser("http://127.0.0.1:4444").options()
    assert _no_rules(options.arguments)


def test_offline_rule_comes_only_from_the_tests_configuration(
        monkeypatch: pytest.MonkeyPatch) -> None:
    environ: dict[str, str] = {}
    use_offline_launch(environ)
    use_offline_launch(environ)  # once
    assert env_args(environ) == list(OFFLINE_ARGS)
    monkeypatch.setenv(ARGS_ENV, environ[ARGS_ENV])
    assert Browser().chromium_args().count(OFFLINE_ARGS[0]) == 1
    assert without_offline_launch(environ) == {}


def test_user_arguments_come_after_the_products(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGS_ENV, "--proxy-server='http://proxy:3128' --lang=fr")
    flags = Browser(extra_args=["--lang=de"]).chromium_args()
    assert flags.index("--proxy-server=http://proxy:3128") > flags.index("--no-first-run")
    # the caller's value comes last: Chromium keeps the last of a switch given twice
    assert flags.index("--lang=de") > flags.index("--lang=fr")
    assert env_args({ARGS_ENV: ""}) == []


def test_feature_lists_merge_instead_of_replacing() -> None:
    flags = launch_flags(environ={}, extra=["--disable-features=Foo,Translate",
                                            "--enable-features=Bar"])
    disabled = [f for f in flags if f.startswith("--disable-features=")]
    assert len(disabled) == 1
    names = disabled[0].split("=", 1)[1].split(",")
    assert "Foo" in names and "NetworkTimeServiceQuerying" in names
    assert names.count("Translate") == 1
    assert "--enable-features=Bar" in flags
    assert merge_flags(["--a", "--enable-features=X", "--enable-features=Y"]) == [
        "--a", "--enable-features=X,Y"]


def test_bad_env_arguments_are_a_clear_error() -> None:
    with pytest.raises(AxsnapError) as caught:
        env_args({ARGS_ENV: "--lang='de"})
    assert ARGS_ENV in caught.value.message and caught.value.hint


def _system(platform: str, files: set[str], path: dict[str, str] | None = None,
            environ: dict[str, str] | None = None) -> System:
    return System(platform=platform, environ=environ or {"HOME": "/home/ada"},
                  exists=files.__contains__, which=(path or {}).get)


def test_finder_on_debian() -> None:
    system = _system("linux", {"/usr/bin/chromium", "/usr/bin/chromedriver"})
    assert find_chromium(system=system) == "/usr/bin/chromium"
    assert find_chromedriver(system=system) == "/usr/bin/chromedriver"


def test_finder_on_other_linux_and_path() -> None:
    system = _system("linux", {"/opt/google/chrome/chrome"},
                     path={"chromedriver": "/home/ada/bin/chromedriver"})
    assert find_chromium(system=system) == "/opt/google/chrome/chrome"
    assert find_chromedriver(system=system) == "/home/ada/bin/chromedriver"
    only_path = _system("linux", set(), path={"chromium-browser": "/usr/local/bin/c-b",
                                               "google-chrome": "/usr/bin/google-chrome"})
    assert find_chromium(system=only_path) == "/usr/local/bin/c-b"  # Chromium first


def test_finder_on_macos() -> None:
    chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
    chromium = "/home/ada/Applications/Chromium.app/Contents/MacOS/Chromium"
    system = _system("darwin", {chrome, chromium, "/opt/homebrew/bin/chromedriver"})
    # branded Chrome ignores --load-extension: Chromium wins, even in ~/Applications
    assert find_chromium(system=system) == chromium
    assert find_chromedriver(system=system) == "/opt/homebrew/bin/chromedriver"
    assert find_chromium(system=_system("darwin", {chrome})) == chrome
    assert "brew" in install_hint("chromium", "darwin")


def test_finder_on_windows() -> None:
    environ = {"LOCALAPPDATA": r"C:\Users\ada\AppData\Local",
               "PROGRAMFILES": r"C:\Program Files", "PROGRAMFILES(X86)": r"C:\Program Files (x86)"}
    chrome = r"C:\Program Files\Google\Chrome\Application\chrome.exe"
    system = _system("win32", {chrome}, path={"chromedriver": r"C:\tools\chromedriver.exe"},
                     environ=environ)
    assert find_chromium(system=system) == chrome
    assert find_chromedriver(system=system) == r"C:\tools\chromedriver.exe"
    chromium = r"C:\Users\ada\AppData\Local\Chromium\Application\chrome.exe"
    both = _system("win32", {chrome, chromium}, environ=environ)
    assert find_chromium(system=both) == chromium


def test_explicit_and_env_paths_win() -> None:
    system = _system("linux", {"/usr/bin/chromium"},
                     environ={"AXSNAP_CHROMIUM": "/env/chrome", "AXSNAP_CHROMEDRIVER": "/env/cd"})
    assert find_chromium(system=system) == "/env/chrome"
    assert find_chromium("/my/chrome", system=system) == "/my/chrome"
    assert find_chromedriver(system=system) == "/env/cd"
    assert find_chromium(system=_system("linux", set())) is None


def test_missing_browser_says_what_to_pass(tmp_path: object) -> None:
    with pytest.raises(AxsnapError) as caught:
        require_browser("/nowhere/chromium", "/usr/bin/chromedriver")
    assert "/nowhere/chromium" in caught.value.message
    assert "--chromium PATH" in caught.value.hint and "AXSNAP_CHROMIUM" in caught.value.hint


def test_dns_hint_says_more_than_spelling() -> None:
    hint = navigation_failed("http://intranet.example/", "ERR_NAME_NOT_RESOLVED").hint
    for what in ("spelling", "network", "proxy", "VPN", "host resolver rule"):
        assert what in hint


@pytest.mark.parametrize("command", [
    ["snapshot", "https://example.com/"], ["act", "https://example.com/", "--do", "click A"],
    ["demo"], ["batch", "urls.txt"], ["open", "https://example.com/"], ["mcp", "--launch"]])
def test_every_launching_command_takes_the_browser_flags(command: list[str]) -> None:
    from axsnap_host.cli.launch import launch_options
    from axsnap_host.cli.main import build_parser

    args = build_parser().parse_args([*command, "--chromium", "/opt/c/chrome",
                                      "--chromedriver", "/opt/c/chromedriver",
                                      "--chromium-arg=--lang=de",
                                      "--chromium-arg=--proxy-server=http://p:3128"])
    assert launch_options(args) == {
        "chromium": "/opt/c/chrome", "chromedriver": "/opt/c/chromedriver",
        "extra_args": ("--lang=de", "--proxy-server=http://p:3128")}


def test_batch_workers_launch_with_the_flags() -> None:
    from axsnap_host.batch.cli import settings_from_args
    from axsnap_host.batch.worker import default_factory
    from axsnap_host.cli.main import build_parser

    args = build_parser().parse_args(["batch", "urls.txt", "--chromium", "/opt/c/chrome",
                                      "--chromium-arg=--lang=de"])
    browser = default_factory(settings_from_args(args, {}))(0)
    assert browser.chromium == "/opt/c/chrome" and browser.extra_args == ("--lang=de",)
    grid_args = build_parser().parse_args(["batch", "urls.txt", "--grid", "http://g:4444",
                                           "--chromium-arg=--lang=de"])
    grid = default_factory(settings_from_args(grid_args, {}))(0)
    assert "--lang=de" in grid.options().arguments


def test_batch_load_deadline_is_its_own_option_and_defaults_to_the_step_deadline() -> None:
    from axsnap_host.batch.cli import settings_from_args
    from axsnap_host.batch.worker import default_factory
    from axsnap_host.cli.main import build_parser

    plain = default_factory(settings_from_args(build_parser().parse_args(
        ["batch", "urls.txt", "--timeout", "45"]), {}))(0)
    assert (plain.timeout_s, plain.page_load_timeout_s) == (45, 45)
    split = default_factory(settings_from_args(build_parser().parse_args(
        ["batch", "urls.txt", "--timeout", "45", "--load-timeout", "10"]), {}))(0)
    assert (split.timeout_s, split.page_load_timeout_s) == (45, 10)


@pytest.mark.parametrize("flags", [["--timeout", "0"], ["--load-timeout", "-1"],
                                   ["--load-timeout", "nan"]])
def test_a_batch_deadline_of_no_time_is_refused_before_any_browser(flags: list[str]) -> None:
    from axsnap_host.batch.cli import settings_from_args
    from axsnap_host.cli.main import build_parser
    from axsnap_host.models.errors import AxsnapError

    settings = settings_from_args(build_parser().parse_args(["batch", "urls.txt", *flags]), {})
    with pytest.raises(AxsnapError) as refused:
        settings.per_format()
    assert refused.value.code == "invalid_message" and "above 0" in str(refused.value)
