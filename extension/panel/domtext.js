// The DOM text view: one line per row, lines that start with "[N]" tied to element N so the
// Set-of-Mark image can point at them (and they at it).

const INDEX = /^\s*\[(\d+)\]/;

/** [{text, index}] — index is the element number of an "[N] <tag> …" line, else null. */
export function domLines(text) {
  return String(text ?? '').split('\n').map((line) => {
    const m = INDEX.exec(line);
    return { text: line, index: m ? Number(m[1]) : null };
  });
}

/** The element index a key moves to from `current` in `indices` (document order):
 * ArrowDown/ArrowUp step, Home/End jump; null for other keys. */
export function stepIndex(indices, current, key) {
  if (indices.length === 0) return null;
  const at = indices.indexOf(current);
  if (key === 'Home') return indices[0];
  if (key === 'End') return indices[indices.length - 1];
  if (key === 'ArrowDown') return at < 0 ? indices[0] : indices[Math.min(at + 1, indices.length - 1)];
  if (key === 'ArrowUp') return at < 0 ? indices[indices.length - 1] : indices[Math.max(at - 1, 0)];
  return null;
}

/**
 * Render `text` into `pre`. Returns {highlight(index|null)}; `onHover(index|null)` hears
 * the pointer entering and leaving indexed lines, and the keyboard: the text box is one tab
 * stop, and the arrow keys (Home, End) walk its element lines.
 */
export function renderDomText(pre, text, { onHover } = {}) {
  const byIndex = new Map();
  const rows = domLines(text).map(({ text: line, index }) => {
    const span = document.createElement('span');
    span.className = 'line';
    span.textContent = `${line}\n`;
    if (index !== null) {
      span.dataset.index = String(index);
      byIndex.set(index, span);
    }
    return span;
  });
  pre.replaceChildren(...rows);
  let current = null;
  pre.onpointerover = (e) => {
    const line = e.target.closest?.('.line[data-index]');
    onHover?.(line ? Number(line.dataset.index) : null);
  };
  pre.onpointerleave = () => onHover?.(null);
  const indices = [...byIndex.keys()];
  let selected = null;
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', 'DOM text: arrow keys walk the elements and light up their boxes');
  pre.onkeydown = (e) => {
    const next = stepIndex(indices, selected, e.key);
    if (next === null) return;
    e.preventDefault();
    selected = next;
    view.highlight(next);
    onHover?.(next);
  };
  pre.onblur = () => {
    selected = null;
    onHover?.(null);
  };
  const view = {
    highlight(index) {
      current?.classList.remove('linked');
      current = index === null ? null : byIndex.get(index) ?? null;
      if (!current) return;
      current.classList.add('linked');
      // Scroll the text box only: moving the page would move the box under the pointer.
      const line = current.getBoundingClientRect();
      const box = pre.getBoundingClientRect();
      if (line.top < box.top) pre.scrollTop -= box.top - line.top;
      else if (line.bottom > box.bottom) pre.scrollTop += line.bottom - box.bottom;
    },
  };
  return view;
}
