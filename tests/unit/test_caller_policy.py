"""The one outside-agent policy (models/policy.py): the URL rule, the upload rule, and that
the extension's copy (generated), the control link's operations and SECURITY.md's lists are
the model's."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.policy import POLICY, check_page_url, check_upload
from axsnap_host.models.wire import CONTROL_OPS
from axsnap_host.native.contract import contract

ROOT = Path(__file__).resolve().parents[2]

REFUSED = ["file:///etc/passwd", "FILE:///etc/passwd", "chrome://settings/", "devtools://x/",
           "chrome-extension://abcdefghijklmnopabcdefghijklmnop/x.html", "javascript:alert(1)",
           "data:text/html,<b>x</b>", "view-source:https://a.example/", "ftp://a.example/",
           "about:config", "not a url", " file:///etc/passwd"]


@pytest.mark.parametrize("url", REFUSED)
def test_outside_callers_load_web_pages_only(url: str) -> None:
    with pytest.raises(AxsnapError) as refused:
        check_page_url(url)
    assert refused.value.code == "restricted_page" and refused.value.hint


def test_web_pages_pass_and_file_only_when_the_person_allows_it() -> None:
    for url in ("http://127.0.0.1:8000/", "https://example.com/a?b", "about:blank"):
        assert check_page_url(url) == url
    assert check_page_url("file:///tmp/page.html", allow_file_urls=True)
    with pytest.raises(AxsnapError):
        check_page_url("javascript:alert(1)", allow_file_urls=True)


def test_uploads_need_the_persons_folder_and_existing_files_in_it(tmp_path: Path) -> None:
    folder = tmp_path / "uploads"
    folder.mkdir()
    (folder / "cv.pdf").write_bytes(b"%PDF-1.4")
    (folder / "escape").symlink_to("/etc/passwd")
    with pytest.raises(AxsnapError) as off:
        check_upload(["/etc/passwd"], None)
    assert off.value.code == "not_allowed" and "--upload-dir" in off.value.hint
    for bad in ("/etc/passwd", "../../etc/passwd", str(folder / "escape")):
        with pytest.raises(AxsnapError) as outside:
            check_upload([bad], folder)
        assert outside.value.code == "not_allowed", bad
        assert "passwd" not in outside.value.message + outside.value.hint
    with pytest.raises(AxsnapError) as missing:
        check_upload(["nope.pdf"], folder)
    assert missing.value.code == "invalid_message"
    assert check_upload(["cv.pdf", str(folder / "cv.pdf")], folder) == [
        os.path.realpath(folder / "cv.pdf")] * 2


def test_the_extension_control_link_and_security_doc_read_the_same_policy() -> None:
    generated = contract()["CALLER_POLICY"]
    assert generated == json.loads(POLICY.model_dump_json())
    assert tuple(generated["outside_ops"]) == CONTROL_OPS
    doc = (ROOT / "docs/SECURITY.md").read_text(encoding="utf-8")

    def listed(marker: str) -> list[str]:
        block = re.search(rf"<!-- policy:{marker}[^>]*-->(.*?)<!-- /policy:{marker} -->", doc,
                          re.S)
        assert block, f"docs/SECURITY.md has no policy:{marker} block"
        return re.findall(r"`([a-z_]+)`", block.group(1))

    assert listed("agent-types") == list(POLICY.agent.types)
    assert listed("outside-ops") == list(POLICY.outside_ops)


def test_the_python_client_refuses_an_upload_of_a_missing_file() -> None:
    from axsnap_host.client.acting import missing_files

    with pytest.raises(AxsnapError) as missing:
        missing_files(["/no/such/file.pdf"])
    assert missing.value.code == "invalid_message"
    missing_files(["/etc/hostname"] if Path("/etc/hostname").is_file() else [__file__])
