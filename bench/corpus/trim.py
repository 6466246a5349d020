"""Trim a saved page for the corpus: nothing in it may reach the network or run a script.

Removes <script> elements, <base>, refresh <meta>s and <link>s to other hosts (styles, fonts,
preloads, icons); renames remote ``src``/``srcset``/``poster``/``data`` attributes to
``data-saved-*`` (the element and its box stay, nothing is fetched); points remote iframes at
about:blank; drops remote ``url(...)`` and ``@import`` in styles; declares UTF-8 in a page that
declares no charset (its server said it in the HTTP header, which the saved file lost; without
it Chromium reads the file as windows-1252 and a person sees "â€”" for "—"). Links (``href``
of ``<a>``) and form actions stay: they load nothing until followed.

    python bench/corpus/trim.py SAVED.html OUT.html [--css-map OLD=NEW ...]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

_REMOTE = r"(?:https?:)?//"
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>", re.I | re.S)
_LONE_SCRIPT = re.compile(r"<script\b[^>]*/>", re.I)
_BASE = re.compile(r"<base\b[^>]*>", re.I)
_REFRESH = re.compile(r"<meta\b[^>]*http-equiv\s*=\s*[\"']?refresh[^>]*>", re.I)
_LINK = re.compile(r"<link\b[^>]*>", re.I)
_HREF = re.compile(r"\bhref\s*=\s*([\"'])(.*?)\1", re.I | re.S)
_FETCHING = re.compile(r"(\s)(src|srcset|poster|data|data-src|data-srcset)(\s*=\s*)([\"']?)"
                       + _REMOTE, re.I)
_IFRAME_SRC = re.compile(r"(<iframe\b[^>]*?\s)data-saved-src(\s*=)", re.I)
_CSS_URL = re.compile(r"url\(\s*([\"']?)" + _REMOTE + r"[^)]*\)", re.I)
_META = re.compile(r"<meta\b[^>]*>", re.I)
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_CHARSET_ATTR = re.compile(r"\scharset\s*=", re.I)
_CONTENT_TYPE = re.compile(r"http-equiv\s*=\s*[\"']?\s*content-type\b", re.I)
_HEAD = re.compile(r"<head\b[^>]*>", re.I)
_INTEGRITY = re.compile(r"\s(?:integrity|crossorigin)(?:\s*=\s*([\"'])[^\"']*\1)?", re.I)
# A remote @import whole: its address (url(...), quoted or not, or a string), which may hold
# a ";" ("...wght@400;500..."), then its media list, up to the ";" that ends the statement.
_CSS_IMPORT = re.compile(r"@import\s+(?:url\(\s*(?:\"" + _REMOTE + r"[^\"]*\"|'" + _REMOTE
                         + r"[^']*'|" + _REMOTE + r"[^)\"'\s]*)\s*\)|\"" + _REMOTE
                         + r"[^\"]*\"|'" + _REMOTE + r"[^']*')[^;{}]*;", re.I)


def trim(html: str, css_map: dict[str, str] | None = None) -> str:
    html = _SCRIPT.sub("", html)
    html = _LONE_SCRIPT.sub("", html)
    html = _BASE.sub("", html)
    html = _REFRESH.sub("", html)

    def link(match: re.Match[str]) -> str:
        tag = match.group(0)
        href = _HREF.search(tag)
        target = href.group(2) if href else ""
        for old, new in (css_map or {}).items():
            if target == old:
                # (the copy is not byte for byte the file an integrity hash names: the
                # browser would refuse it)
                return _INTEGRITY.sub("", tag.replace(old, new))
        if re.match(_REMOTE, target) or re.search(r"rel\s*=\s*[\"']?(?:preload|prefetch|"
                                                  r"modulepreload|preconnect|dns-prefetch)",
                                                  tag, re.I):
            return ""
        if target and not re.search(r"rel\s*=\s*[\"']?(?:canonical|alternate)", tag, re.I):
            return ""  # a local file the saved page does not have
        return tag

    html = _LINK.sub(link, html)
    html = _FETCHING.sub(lambda m: f"{m.group(1)}data-saved-{m.group(2)}{m.group(3)}{m.group(4)}",
                         html)
    html = _IFRAME_SRC.sub(r'\1src="about:blank" data-saved-src\2', html)
    html = _CSS_IMPORT.sub("", html)
    html = _CSS_URL.sub("none", html)
    return declare_utf8(html)


def _declares_charset(meta: str) -> bool:
    """Whether a ``<meta>`` declares a charset Chromium reads: a ``charset`` attribute, or
    ``http-equiv="Content-Type"`` whose content names one (a translated "Содержимое-Тип"
    names nothing)."""
    return bool(_CHARSET_ATTR.search(_QUOTED.sub('""', meta))) or (
        bool(_CONTENT_TYPE.search(meta)) and "charset" in meta.lower())


def declare_utf8(html: str) -> str:
    """``<meta charset="utf-8">`` first in the head of a page that declares no charset."""
    if any(_declares_charset(m.group(0)) for m in _META.finditer(html)):
        return html
    head = _HEAD.search(html)
    at = head.end() if head else 0
    return html[:at] + '<meta charset="utf-8">' + html[at:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--css-map", nargs="*", default=[])
    args = parser.parse_args()
    # (split at the last "=": an old link may carry a query, "x.css?v=1.4.0"; a new one is a
    # path under _assets/)
    css_map = dict(item.rsplit("=", 1) for item in args.css_map)
    text = args.source.read_text("utf-8", errors="replace")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(trim(text, css_map), "utf-8")


if __name__ == "__main__":
    main()
