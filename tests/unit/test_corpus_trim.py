"""bench/corpus/trim.py: a stylesheet mapped to the corpus's own copy keeps loading; a page that
declares no charset Chromium reads is declared UTF-8."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "corpus"))
from trim import declare_utf8, trim

CDN = "https://cdn.example/bootstrap.min.css"


def test_a_mapped_stylesheet_loses_the_hash_its_copy_would_fail() -> None:
    page = (f'<head><link rel="stylesheet" href="{CDN}" integrity="sha384-abc" '
            'crossorigin="anonymous"></head>')
    out = trim(page, {CDN: "../_assets/bootstrap.min.css"})
    assert '<link rel="stylesheet" href="../_assets/bootstrap.min.css">' in out
    assert "integrity" not in out and "crossorigin" not in out


def test_an_unmapped_remote_stylesheet_is_dropped() -> None:
    out = trim(f'<head><link rel="stylesheet" href="{CDN}" integrity="sha384-abc"></head>')
    assert "<link" not in out


FONTS = "https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600&display=swap"


def test_a_remote_import_goes_whole_with_the_semicolons_in_its_address() -> None:
    # A font import's address holds ";" (wght@400;500;600): the import goes up to the ";"
    # that ends it, so nothing is left to void the rule after it.
    for address in (f'url("{FONTS}")', f"url('{FONTS}')", f"url({FONTS})", f'"{FONTS}"'):
        out = trim(f"<style>@import {address} screen and (min-width: 1px);"
                   ":root{--c:red}</style>")
        assert out.endswith("<style>:root{--c:red}</style>"), (address, out)


def test_a_local_import_stays() -> None:
    out = trim('<style>@import url("icons.css");@import "more.css" print;a{color:red}</style>')
    assert out.endswith('<style>@import url("icons.css");@import "more.css" print;'
                        "a{color:red}</style>")


def test_a_charset_named_under_a_translated_http_equiv_is_no_declaration() -> None:
    # (koob.ru as Formasaurus saved it: UTF-8 bytes under a "Content-Type" translated to
    # Russian, which Chromium does not read: the page declares no charset)
    page = ('<html><head><meta http-equiv="Содержимое-Тип" content="text/html; '
            'charset=windows-1251"><title>Книги</title></head><body>Агни Йога</body></html>')
    assert declare_utf8(page).startswith('<html><head><meta charset="utf-8">')


def test_a_declared_charset_stays_as_it_is() -> None:
    for meta in ('<meta charset="utf-8">',
                 '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">'):
        page = f"<html><head>{meta}<title>t</title></head></html>"
        assert declare_utf8(page) == page
