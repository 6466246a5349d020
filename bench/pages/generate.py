"""Generate deterministic benchmark pages of a given element count.

Each page mixes what makes real pages expensive: a wide table of rows (text, link, button,
checkbox), deep wrapper chains, a form with a password field holding a known secret, custom
elements with shadow roots, and a same-origin iframe. The element count printed is what the
browser reports (``document.querySelectorAll('*')`` over documents and shadow roots), close
to the requested size.

    python bench/pages/generate.py OUT_DIR 1000 5000 20000 100000
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

SECRET = "bench-Secret-Pa55word"  # must never appear in any axsnap output

_HEAD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
 body {{ font: 14px system-ui, sans-serif; margin: 0 16px; }}
 table {{ border-collapse: collapse; }} td {{ padding: 2px 6px; border-bottom: 1px solid #ddd; }}
 .deep div {{ margin-left: 1px; }}
</style></head><body>
<header><nav aria-label="Main"><a href="#home">Home</a> <a href="#catalog">Catalog</a>
<a href="#account">Account</a></nav><h1>{title}</h1></header>
<main>
<form aria-label="Sign in" onsubmit="return false">
 <label>User <input name="user" value="bench-user"></label>
 <label>Password <input type="password" name="password" value="{secret}"></label>
 <button>Sign in</button>
</form>
<iframe src="frame.html" title="Embedded form" width="400" height="120"></iframe>
"""

_TAIL = """</main>
<script>
customElements.define('bench-card', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({mode: 'open'});
    const label = this.getAttribute('label');
    root.innerHTML = `<div role="group" aria-label="${label}"><span>${label}</span>
      <button type="button">Open ${label}</button><a href="#${label}">Details</a></div>`;
  }
});
// One small change, made by the page itself (bench_e2e.py calls it between two whole-page
// reads): the text of one row's label.
window.benchChange = (i) => {
  const spans = document.querySelectorAll('table[aria-label="Catalog"] td:first-child span');
  spans[i % spans.length].textContent = `Item ${i} (changed)`;
};
</script>
</body></html>
"""

FRAME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frame</title></head>
<body><form aria-label="Newsletter" onsubmit="return false">
<label>Email <input type="email" name="email"></label><button>Subscribe</button></form>
</body></html>
"""

# Elements each building block adds (counted by hand from the markup below).
_ROW_ELEMENTS = 9  # tr, 3×td, span, a, button, input, label
_DEEP_CHAIN = 40  # one deep chain: 40 nested divs + a button at the bottom
_CARD_ELEMENTS = 6  # host + div, span, button, a (+ style-free shadow root)
_BASE_ELEMENTS = 40


def generate(n_elements: int) -> str:
    """Return the HTML of a page with about ``n_elements`` elements."""
    budget = max(n_elements - _BASE_ELEMENTS, 0)
    deep_chains = max(1, budget // 20 // (_DEEP_CHAIN + 1))
    cards = max(1, budget // 20 // _CARD_ELEMENTS)
    rows = max(1, (budget - deep_chains * (_DEEP_CHAIN + 1) - cards * _CARD_ELEMENTS)
               // _ROW_ELEMENTS)
    parts = [_HEAD.format(title=f"Bench page {n_elements} elements", secret=SECRET)]
    parts.append('<section aria-label="Cards">')
    parts.extend(f'<bench-card label="Card {i}"></bench-card>' for i in range(cards))
    parts.append('</section><section class="deep" aria-label="Nested">')
    for chain in range(deep_chains):
        parts.append("<div>" * _DEEP_CHAIN)
        parts.append(f'<button type="button">Deep action {chain}</button>')
        parts.append("</div>" * _DEEP_CHAIN)
    parts.append('</section><table aria-label="Catalog"><tbody>')
    for i in range(rows):
        name = html.escape(f"Item {i}")
        parts.append(
            f'<tr><td><span>{name}</span></td><td><a href="#item-{i}">View {name}</a></td>'
            f'<td><button type="button">Add {i}</button>'
            f'<label><input type="checkbox" name="pick-{i}"> pick</label></td></tr>'
        )
    parts.append("</tbody></table>")
    parts.append(_TAIL)
    return "\n".join(parts)


def write_pages(out_dir: Path, sizes: list[int]) -> dict[int, Path]:
    """Write one page per size plus the shared iframe document; return size → path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "frame.html").write_text(FRAME, encoding="utf-8")
    paths = {}
    for size in sizes:
        path = out_dir / f"page_{size}.html"
        path.write_text(generate(size), encoding="utf-8")
        paths[size] = path
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("bench/results/pages")
    wanted = [int(a) for a in sys.argv[2:]] or [1000, 5000, 20000, 100000]
    for size, path in write_pages(target, wanted).items():
        print(f"{size:>7} → {path} ({path.stat().st_size / 1024:.0f} KiB)")
