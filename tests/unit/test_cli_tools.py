"""The CLI's own pieces: local serving, output files, doctor checks."""

from __future__ import annotations

import base64
import io
import json
import urllib.request
from pathlib import Path

import pytest

from axsnap_host import EXTENSION_ID
from axsnap_host.cli.doctor import check_extension, check_host_process, extension_id_from_key
from axsnap_host.cli.main import build_parser
from axsnap_host.client.file_server import url_for
from axsnap_host.client.outputs import write_outputs
from axsnap_host.install.extension_dir import EXTENSION_DIR


def test_url_for_serves_a_local_file_over_loopback(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("<title>hi</title>", encoding="utf-8")
    with url_for(str(page)) as url:
        assert url.startswith("http://127.0.0.1:")
        assert url.endswith("/page.html")
        with urllib.request.urlopen(url, timeout=5) as response:
            assert response.read() == b"<title>hi</title>"


def test_url_for_passes_urls_through_and_refuses_missing_files(tmp_path: Path) -> None:
    with url_for("http://127.0.0.1:9/x") as url:
        assert url == "http://127.0.0.1:9/x"
    with pytest.raises(FileNotFoundError), url_for(str(tmp_path / "missing.html")):
        pass


def test_write_outputs_writes_each_present_output(tmp_path: Path) -> None:
    result = {
        "format": "domtext",
        "snapshot": None,
        "domtext": "[URL: x]\n",
        "elements": [{"index": 1, "tagName": "button"}],
    }
    written = write_outputs(result, tmp_path / "out")
    assert sorted(p.name for p in written) == ["dom.txt", "elements.json"]
    assert (tmp_path / "out" / "dom.txt").read_text() == "[URL: x]\n"
    assert json.loads((tmp_path / "out" / "elements.json").read_text())[0]["index"] == 1


def _png(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


def test_write_outputs_writes_the_som_image_and_its_legend(tmp_path: Path) -> None:
    from PIL import Image

    png = _png((8, 4), (220, 38, 38))
    legend = {"width": 8, "height": 4, "marks": [{"index": 1, "box": [0, 0, 8, 4]}]}
    result = {
        "format": "som",
        "domtext": "[1] <button> \"Go\"\n",
        "elements": [{"index": 1, "tagName": "button"}],
        "vision": {"ok": True, "format": "png", "image": base64.b64encode(png).decode(),
                   "legend": legend},
    }
    written = write_outputs(result, tmp_path)
    assert sorted(p.name for p in written) == [
        "dom.txt", "elements.json", "som.png", "som_legend.json"]
    assert (tmp_path / "som.png").read_bytes() == png
    with Image.open(tmp_path / "som.png") as image:
        assert image.size == (8, 4) and image.getpixel((3, 2)) == (220, 38, 38)
    assert json.loads((tmp_path / "som_legend.json").read_text()) == legend


def test_write_outputs_skips_the_image_when_vision_failed(tmp_path: Path) -> None:
    result = {"format": "som", "domtext": "x\n", "elements": [],
              "vision": {"ok": False, "reason": "Page.captureScreenshot timed out"}}
    written = write_outputs(result, tmp_path)
    assert sorted(p.name for p in written) == ["dom.txt", "elements.json"]


def test_parser_accepts_som_and_vision_flags() -> None:
    from axsnap_host.cli.main import _options_from_args

    args = build_parser().parse_args(["snapshot", "page.html", "--format", "som", "--out", "d"])
    assert args.format == "som"
    assert "vision" not in _options_from_args(args)
    args = build_parser().parse_args(
        ["snapshot", "page.html", "--format", "domtext", "--vision", "--screenshot-format", "jpeg"]
    )
    options = _options_from_args(args)
    assert options["vision"] is True and options["screenshot_format"] == "jpeg"
    # every option the CLI builds is a valid wire option
    from axsnap_host.models.options import wire_options

    assert wire_options({**options, "format": "som"})["vision"] is True


def test_parser_maps_flags_to_wire_option_names() -> None:
    args = build_parser().parse_args(
        ["snapshot", "page.html", "--format", "elements", "--whole-page", "--full-tree"]
    )
    from axsnap_host.cli.main import _options_from_args

    options = _options_from_args(args)
    assert options["viewport_only"] is False
    assert options["pruned"] is False
    assert args.format == "elements"
    assert not {"compact", "filter", "depth", "max_tokens"} & set(options)


def test_parser_maps_the_whole_pages_ax_source() -> None:
    from axsnap_host.cli.main import _options_from_args
    from axsnap_host.models.options import wire_options

    args = build_parser().parse_args(
        ["snapshot", "page.html", "--whole-page", "--ax-source", "chromium"])
    options = _options_from_args(args)
    assert options["scope"] == "page" and options["ax_source"] == "chromium"
    assert wire_options({**options, "format": "snapshot"})["ax_source"] == "chromium"
    # a window read has no source to choose
    args = build_parser().parse_args(["snapshot", "page.html", "--ax-source", "walk"])
    assert "ax_source" not in _options_from_args(args)


def test_parser_maps_the_outline_shaping_flags() -> None:
    from axsnap_host.cli.main import _options_from_args
    from axsnap_host.models.options import wire_options

    args = build_parser().parse_args(
        ["snapshot", "page.html", "--format", "outline", "--compact", "--filter", "interactive",
         "--depth", "4", "--max-tokens", "2000"]
    )
    options = _options_from_args(args)
    assert {k: options[k] for k in ("compact", "filter", "depth", "max_tokens")} == {
        "compact": True, "filter": "interactive", "depth": 4, "max_tokens": 2000}
    assert wire_options({**options, "format": "outline"})["max_tokens"] == 2000


def test_an_option_the_format_does_not_use_fails_before_a_browser_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import axsnap_host.client as browser_module
    from axsnap_host.cli.main import main

    def no_browser(*_: object, **__: object) -> None:
        raise AssertionError("a browser was started for a request that cannot succeed")

    monkeypatch.setattr(browser_module, "Browser", no_browser)
    page = tmp_path / "page.html"
    page.write_text("<p>hi</p>", encoding="utf-8")
    code = main(["snapshot", str(page), "--format", "snapshot", "--compact", "--max-tokens",
                 "300", "--out", str(tmp_path / "out")])
    assert code == 2
    err = capsys.readouterr().err
    assert ("error [invalid_message]: bad snapshot options: format 'snapshot' does not use "
            "compact (outline), max_tokens (outline/semantic/semantic_text)") in err, err


def test_a_run_of_several_formats_gives_each_the_options_it_uses() -> None:
    from axsnap_host.models.options import options_for_format, wire_options

    options = {"compact": True, "max_tokens": 500, "vision": True, "compression": "delta",
               "redact": True}
    assert options_for_format(options, "snapshot") == {"redact": True, "format": "snapshot"}
    assert options_for_format(options, "som") == {
        "vision": True, "compression": "delta", "redact": True, "format": "som"}
    assert options_for_format(options, "outline") == {
        "compact": True, "max_tokens": 500, "compression": "delta", "redact": True,
        "format": "outline"}
    for fmt in ("snapshot", "domtext", "elements", "som", "outline"):
        wire_options(options_for_format(options, fmt))  # each one valid


def test_extension_id_derives_from_manifest_key() -> None:
    manifest = json.loads((EXTENSION_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert extension_id_from_key(manifest["key"]) == EXTENSION_ID
    assert all(check.ok for check in check_extension())


def test_doctor_pings_a_real_host_process() -> None:
    (check,) = check_host_process()
    assert check.ok, check.detail


def test_install_host_passes_its_flags_to_the_installer(tmp_path: Path) -> None:
    from axsnap_host.cli.main import main

    profile = tmp_path / "profile"
    assert main(["install-host", "--user-data-dir", str(profile)]) == 0
    manifest = json.loads((profile / "NativeMessagingHosts" / "com.axsnap.host.json").read_text())
    assert manifest["allowed_origins"] == [f"chrome-extension://{EXTENSION_ID}/"]
    assert main(["install-host", "--user-data-dir", str(profile), "--uninstall"]) == 0
    assert not (profile / "NativeMessagingHosts" / "com.axsnap.host.json").exists()


def test_write_outputs_writes_page_understanding(tmp_path: Path) -> None:
    semantic = {"page": {"type": "login"}, "elements": [], "content": [], "frames": [],
                "suspicious": [], "revision": 1}
    written = write_outputs({"format": "semantic", "semantic": semantic}, tmp_path)
    assert [p.name for p in written] == ["semantic.json"]
    assert json.loads((tmp_path / "semantic.json").read_text())["page"]["type"] == "login"
    written = write_outputs({"format": "semantic_text", "semantic_text": "page: login 0.72\n"},
                            tmp_path)
    assert [p.name for p in written] == ["semantic.txt"]
    args = build_parser().parse_args(["snapshot", "page.html", "--format", "semantic_text"])
    assert args.format == "semantic_text"
