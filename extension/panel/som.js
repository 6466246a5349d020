// The Set-of-Mark view: the image, zoomable, with one invisible hover target per numbered
// box (from the reply's legend) so that a box and its DOM text line light up together.

export const ZOOMS = Object.freeze([0.5, 0.75, 1, 1.5, 2, 3, 4]);

/** The next zoom level (relative to "fit the panel width") in direction +1 or -1. */
export function nextZoom(current, direction) {
  if (direction > 0) return ZOOMS.find((z) => z > current + 1e-9) ?? ZOOMS[ZOOMS.length - 1];
  return [...ZOOMS].reverse().find((z) => z < current - 1e-9) ?? ZOOMS[0];
}

/** Box positions in percent of the image: [{index, kind, colour, left, top, width, height}]. */
export function markBoxes(legend) {
  const w = Number(legend?.width);
  const h = Number(legend?.height);
  if (!(w > 0 && h > 0)) return [];
  const pct = (v, of) => Math.round((v / of) * 1e5) / 1e3;
  return (legend.marks ?? []).filter((m) => Array.isArray(m.box) && m.box.length === 4).map((m) => {
    const [x0, y0, x1, y1] = m.box;
    return {
      index: m.index, kind: m.kind, colour: m.colour,
      left: pct(x0, w), top: pct(y0, h), width: pct(x1 - x0, w), height: pct(y1 - y0, h),
    };
  });
}

/**
 * Fill `stage` (a positioned box around `img`) with the image and its boxes. Returns
 * {highlight(index|null), setZoom(z)}; `onHover(index|null)` hears the pointer on boxes.
 */
export function renderSom(stage, img, vision, { onHover } = {}) {
  img.src = `data:image/${vision.format};base64,${vision.image}`;
  const byIndex = new Map();
  const boxes = markBoxes(vision.legend).map((b) => {
    const div = document.createElement('div');
    div.className = 'som-box';
    div.dataset.index = String(b.index);
    div.style.cssText = `left:${b.left}%;top:${b.top}%;width:${b.width}%;height:${b.height}%;--mark:${b.colour ?? 'currentColor'}`;
    div.title = `[${b.index}] ${b.kind ?? ''}`.trim();
    byIndex.set(b.index, div);
    return div;
  });
  for (const old of stage.querySelectorAll('.som-box')) old.remove();
  stage.append(...boxes);
  stage.onpointerover = (e) => {
    const box = e.target.closest?.('.som-box');
    onHover?.(box ? Number(box.dataset.index) : null);
  };
  stage.onpointerleave = () => onHover?.(null);
  let current = null;
  return {
    highlight(index) {
      current?.classList.remove('linked');
      current = index === null ? null : byIndex.get(index) ?? null;
      current?.classList.add('linked');
    },
    setZoom(zoom) {
      stage.style.width = `${zoom * 100}%`;
    },
  };
}
