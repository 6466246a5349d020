// White space across the text runs of one inline formatting context, as layout collapses it
// (CSS Text 3 §4.1.1, as Blink's inline items builder does it) and Chromium's text runs
// (StaticText) hold it: SnapshotV1 prints their names as they are ('boxes' walks only; the
// outline trims its lines).
//
// A flow is the text of one block's lines: `start` (nothing laid out on it yet), `space` (what
// is laid out ends with a collapsible space: a space that follows is dropped) and `last` (the
// row of the text run that ends with that space: the flow's end drops it). A block-level box
// ends the flow it interrupts and starts another; a forced break (<br>) ends its line the
// same way; an inline box of its own (inline-block, a replaced element) is content the
// spaces around it are kept against, and its inside a flow of its own; a float or an
// absolutely placed box is a flow of its own that the flow around it does not see.
import { axStyle } from './ax_style.js';
import { collapseAscii } from './run.js';

const ATOMIC_TAGS = new Set(['img', 'input', 'select', 'textarea', 'button', 'video', 'audio',
  'canvas', 'iframe', 'embed', 'object', 'svg', 'meter', 'progress']);
const PRE = /^pre|break-spaces/;

export const newFlow = () => ({ start: true, space: false, last: -1 });

/** How `el` (its style `cs`) sits in the flow around it: 'block', 'atomic', 'apart' (a float
 * or an absolutely placed box), 'break', or '' (an inline box the flow runs through). */
export function flowKind(el, tag, cs) {
  if (tag === 'br') return 'break';
  const display = cs.display;
  if (display === 'contents') return '';
  if (cs.position === 'absolute' || cs.position === 'fixed' || cs.cssFloat !== 'none') return 'apart';
  if (!display.startsWith('inline')) return 'block';
  return display !== 'inline' || ATOMIC_TAGS.has(tag) ? 'atomic' : '';
}

/** The flow ends (its block, or its line at a forced break): its last trailing space goes. */
export function endFlow(ctx) {
  const flow = ctx.flow;
  if (flow.space && flow.last >= 0) {
    const row = ctx.rows[flow.last];
    if (row && row[2].endsWith(' ')) row[2] = row[2].slice(0, -1);
  }
}

/** Enters an element of kind `kind` (flowKind): the flow to restore when it is left. */
export function enterFlow(ctx, kind) {
  const outer = ctx.flow;
  if (!kind || !outer) return outer;
  if (kind === 'block' || kind === 'break') endFlow(ctx);
  ctx.flow = newFlow();
  return outer;
}

/** Leaves an element of kind `kind`, entered with `outer` = enterFlow's answer. */
export function leaveFlow(ctx, kind, outer) {
  if (!kind || !outer || kind === 'break') return;
  endFlow(ctx);
  if (kind === 'block') { ctx.flow = newFlow(); return; }
  ctx.flow = outer;
  if (kind === 'atomic') { outer.start = false; outer.space = false; outer.last = -1; }
}

/** A text node's text `data` (its parent's style `cs`) as the flow lays it out: its white
 * space collapsed, a space after a collapsible one (or at the flow's start) dropped. Call
 * `ranText` with the row made of it (or -1). */
export function flowText(ctx, data, cs) {
  const flow = ctx.flow;
  if (PRE.test(cs.whiteSpace || '')) {
    if (data) { flow.start = false; flow.space = false; flow.last = -1; }
    return data;
  }
  let t = collapseAscii(data);
  if (t[0] === ' ' && (flow.start || flow.space)) t = t.slice(1);
  if (!t) return '';
  flow.start = false;
  flow.space = t.endsWith(' ');
  flow.last = -1;
  return t;
}

/** The row of the text run flowText's text became (-1: none: a run left out, or text that
 * collapsed away, leaves the flow's last run as it was). */
export function ranText(ctx, row) {
  if (row >= 0 && ctx.flow && ctx.flow.space) ctx.flow.last = row;
}

/** An element laid out but left out of the tree (aria-hidden): its text and boxes still
 * shape the flow around it. `children(el, tag)`: its children in the flat tree. */
export function flowOnly(ctx, el, tag, cs, children, depth) {
  if (depth > 60) return;
  const kind = flowKind(el, tag, cs);
  const outer = enterFlow(ctx, kind);
  if (kind !== 'atomic' && kind !== 'break') {
    for (const kid of children(el, tag)) {
      if (kid.nodeType === 3) flowText(ctx, kid.data, cs);
      else if (kid.nodeType === 1) {
        const kcs = axStyle(kid);
        if (kcs.display !== 'none') flowOnly(ctx, kid, kid.localName, kcs, children, depth + 1);
      }
    }
  }
  leaveFlow(ctx, kind, outer);
}
