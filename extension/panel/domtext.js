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

/**
 * Render `text` into `pre`. Returns {highlight(index|null)}; `onHover(index|null)` hears
 * the pointer entering and leaving indexed lines.
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
  return {
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
}
