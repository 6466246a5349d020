// The walk itself: one element at a time in pre-order over the flat tree, pruning what
// cannot show in the window, reporting the facts of what can, and entering same-origin
// frames (a cross-origin frame gets its own walker run; the host stitches it).
import { axFacts } from './ax_facts.js';
import { shareStyle } from './ax_style.js';
import { controlFacts } from './control.js';
import { reasons, readAttrs } from './interactive.js';
import { liveKind } from './person.js';
import { ACT_GONE, actHit, outsideNode } from './act_marks.js';
import { emit, skipHidden } from './records.js';
import { clip, run, shownStyle } from './run.js';
import { CLIP_REASONS, escapeClips } from './clip_escape.js';
import { keep } from './scan.js';
import { offWindowLandmark, semanticFacts } from './semantic.js';
import { toPlaceHere } from './tally_contents.js';
import { SCROLLING, drawsHtml } from './tags.js';
import { looksLikeIcon, ownText, shownText } from './text.js';
import { walkChildren } from './tree.js';
import { hidingOf, meets, overflowReaches, topmost } from './visibility.js';

export function visit(el, tag, step, dom, parentRec, ctx) {
  const stats = run.stats;
  const viewportOnly = run.viewportOnly;
  const semantic = run.semantic;
  stats.visited++;
  const depth = ctx.depth + 1;
  if (depth > stats.max_depth) stats.max_depth = depth;
  const b = el.getBoundingClientRect();
  const x = b.left + ctx.ox;
  const y = b.top + ctx.oy;
  const w = b.width;
  const h = b.height;
  const inWin = meets(ctx.win, x, y, w, h);
  // A whole-page walk asked for the act's marks (act_marks.js): off the act's window, a node
  // for the marks told after the walk.
  const act = ctx.act;
  const inAct = !act || act === ACT_GONE || meets(act.win, x, y, w, h);
  const actNode = inAct ? null : outsideNode(el, ctx.actOut, act, x, y, w, h);
  // The cheap cut: a box off the window whose content cannot reach it (no style read).
  if (viewportOnly && !inWin && (w > 0 || h > 0) && !keep(el, ctx)
    && !overflowReaches(el, x, y, w, h, ctx.win)) {
    stats.offscreen_subtrees++;
    if (y + h <= ctx.win.t) stats.above++;  // what DOM text says lies outside the window
    else if (y >= ctx.win.b) stats.below++;
    return;
  }
  // Each property of the computed style is read once: every read computes its value anew.
  const style = getComputedStyle(el);
  // (a walk that writes AX rows keeps what the rows pass reads of this declaration, the
  // two shownStyle keeps with it)
  const shared = run.axTree ? shareStyle(el, style) : null;
  const { display, visibility } = shared || shownStyle(el, style);
  if (display === 'none') { skipHidden(el); return; }
  if (style.opacity === '0' && !semantic) { skipHidden(el); return; }
  // overflow-x and overflow-y in one read: the shorthand is their one value when they are the
  // same (nearly always), else both, space-separated (each read of the declaration costs ~2
  // µs on a big page, as much as the rest of an element's step: design note 201)
  const overflow = style.overflow;
  const gap = overflow.indexOf(' ');
  const overflowX = gap < 0 ? overflow : overflow.slice(0, gap);
  const overflowY = gap < 0 ? overflow : overflow.slice(gap + 1);
  const position = shared ? shared.position : style.position;
  if (act && act !== ACT_GONE && (position === 'fixed' || position === 'absolute')) {
    actHit(el, inAct, x, y, w, h, act);
  }
  const clipsAny = overflowX !== 'visible' || overflowY !== 'visible';
  const data = { p: -1, f: ctx.f, s: step, r: [Math.round(x), Math.round(y), Math.round(w),
    Math.round(h)], vis: 1 };
  const rec = { id: -1, parent: parentRec, data, el, dom, ptr: false };
  let hx = ctx.hx || null;
  let clipTo = ctx.clipTo || null;
  if (semantic) {
    if (clipTo && (position === 'absolute' || position === 'fixed')) {
      [hx, clipTo] = escapeClips(el, position, hx, clipTo);
    }
    const own = hidingOf(el, style, w, h, x, y);
    if (own.length) hx = [...new Set([...(hx || []), ...own])];
    const clips = own.filter((reason) => CLIP_REASONS.has(reason));
    if (clips.length) clipTo = { box: el, reasons: clips, outer: clipTo };
    if (hx) data.hx = hx;
  }
  let visible = true;
  if (visibility === 'hidden' || visibility === 'collapse') {
    visible = false; data.hid = 'visibility';
  } else if ((w === 0 || h === 0) && display !== 'contents') {
    visible = false; data.hid = 'size';
  }
  if (!visible) data.vis = 0;
  if (inWin) data.win = 1;
  else stats.outside_window++;
  if (x + w > 0 && y + h > 0 && x < run.vw && y < run.vh) data.inv = 1;
  // Whether it scrolls content beyond its box, on x and on y (each size read once).
  const overX = SCROLLING.has(overflowX) && el.scrollWidth > el.clientWidth + 1;
  const overY = SCROLLING.has(overflowY) && el.scrollHeight > el.clientHeight + 1;
  // A scroll container (the AX formats' window scope reads it here, not in DOMSnapshot).
  if (clipsAny && tag !== 'html' && tag !== 'body') {
    const sx = overX && overflowX !== 'overlay';
    const sy = overY && overflowY !== 'overlay';
    if (sx || sy) data.scr = (sx ? 1 : 0) + (sy ? 2 : 0);
  }
  const cursorPtr = style.cursor === 'pointer';
  const parentPtr = parentRec ? parentRec.ptr : false;
  rec.ptr = cursorPtr;
  if (cursorPtr) data.ptr = parentPtr ? 2 : 1;

  // A box that scrolls: its content may lie beyond its fold (the host marks it).
  const scrolls = overY || overX;
  // Outside the visible part of the scrolling/clipping boxes around it (below a list's
  // fold): reported with clip:1, for the whole-page read, never hit-tested. Fixed and
  // absolute boxes leave those boxes (taken as escaping: the hit test still decides).
  if (position === 'fixed' || position === 'absolute') ctx = { ...ctx, clip: null };
  const clipped = ctx.clip && (b.right <= ctx.clip.l || b.bottom <= ctx.clip.t
    || b.left >= ctx.clip.r || b.top >= ctx.clip.b);
  let report = false;
  let ownReport = false;  // reported for what it says itself (text, reasons, a role...)
  if (semantic && inWin && (visible || data.hid === 'size')) report = semanticFacts(el, tag, style, data);
  else if (semantic && !inWin && (visible || data.hid === 'size')) report = offWindowLandmark(el, tag, data);
  // Semantic mode: the page's layout blocks (a top bar, a side column, a modal), by which the
  // host places what no landmark holds; only near the root, or fixed and sticky ones.
  if (semantic && inWin && visible && !report && (tag === 'div' || tag.includes('-'))
    && w >= 120 && h >= 40
    && (depth <= 5 || position === 'fixed' || position === 'sticky')) {
    data.a = readAttrs(el) || {};
    data.lay = 1;
    report = true;
  }
  if (semantic && report && (position === 'fixed' || position === 'sticky')) {
    data.pos = position;
  }
  if (visible && inWin) {
    const names = el.getAttributeNames();
    const attrs = readAttrs(el, names) || {};
    const c = reasons(el, tag, attrs, names);
    if (cursorPtr && !parentPtr) c.push('pointer');
    if (scrolls && tag !== 'html' && tag !== 'body') { c.push('scroll'); data.scr = 1; }
    const text = ownText(el);
    const icon = !c.length && !text && looksLikeIcon(el, tag, w, h, style);
    if (c.length || icon) {
      if (c.length) data.c = c;
      else data.ic = 1;  // an icon: interactive only if a listener says so (the host)
      controlFacts(el, tag, attrs, data);
      report = true;
      ownReport = true;
    } else if (text && !data.tx) {
      data.tx = clip(text);
      report = true;
      ownReport = true;
    }
    const live = liveKind(el, names);
    if (live) {
      const said = shownText(el);
      if (said) { data.live = live; data.ltx = clip(said); report = true; ownReport = true; }
    }
    if (report) {
      if (Object.keys(attrs).length) data.a = attrs;
      // a link to a place on this page, decided here once: the host's table of contents and
      // a heading's own anchor read this mark (semantic/page_features.py)
      if (semantic && tag === 'a' && toPlaceHere(el)) data.ph = 1;
      if (attrs.id) {
        const root = el.getRootNode();
        if (root && root.getElementById && root.getElementById(attrs.id) === el) data.idu = 1;
      }
      if (ctx.frameCovered) data.top = 0;
      else if (clipped) data.clip = 1;
      else {
        const t = topmost(el, b, ctx, data);
        if (t !== undefined) data.top = t;
      }
    }
  }
  if (run.axRoles && axFacts(el, tag, data)) { report = true; ownReport = true; }
  if (act) {  // its own node off the window, else its nearest ancestor's (act_marks.js)
    rec.actNode = act === ACT_GONE ? ACT_GONE : actNode || ctx.actOut;
    if (ownReport) rec.own = true;  // (off the window the act's walk says none of it)
  }
  if (report) { emit(rec); stats.emitted++; }
  // the rows pass prints the box of an element without a record: this one, not asked again
  if (run.axRects && (!report || !run.track)) run.axRects.set(el, b);

  if (depth >= run.maxDepth) { stats.depth_capped++; return; }
  // (an svg's shapes are its picture, said by its name; HTML it draws in a foreignObject, a
  // slide's or a diagram's labels, is text a person reads: walked, note 346)
  if (tag === 'math' || (tag === 'svg' && !drawsHtml(el))) return;
  // A box that clips its overflow and lies outside the window shows nothing there but
  // the fixed/absolute boxes that escape it (kept by the scan).
  const clips = overflowX !== 'visible' && overflowY !== 'visible';
  if (viewportOnly && !inWin && clips && display !== 'contents' && !keep(el, ctx)) {
    stats.offscreen_subtrees++;
    return;
  }
  if (actNode) actNode.clips = clips && display !== 'contents';
  if (tag === 'iframe' || tag === 'frame') {
    walkFrame(el, rec, b, ctx, depth, inWin, data, inAct);
    return;
  }
  // Its content shows only inside its padding box when it clips (scrolls or hides).
  let innerClip = ctx.clip;
  if (clipsAny && tag !== 'html' && tag !== 'body' && display !== 'contents') {
    const l = b.left + el.clientLeft;
    const t = b.top + el.clientTop;
    const box = { l, t, r: l + el.clientWidth, b: t + el.clientHeight };
    innerClip = ctx.clip ? { l: Math.max(box.l, ctx.clip.l), t: Math.max(box.t, ctx.clip.t),
      r: Math.min(box.r, ctx.clip.r), b: Math.min(box.b, ctx.clip.b) } : box;
  }
  walkChildren(el, tag, rec, { f: ctx.f, ox: ctx.ox, oy: ctx.oy, fw: ctx.fw,
    frameCovered: ctx.frameCovered, depth, win: ctx.win, doc: ctx.doc, hx, clipTo, clip: innerClip,
    act, actOut: actNode || ctx.actOut }, visit, skipHidden);
}

// An <iframe>/<frame>: a same-origin document is walked from here (a new walker frame,
// its records under this one); a cross-origin one is marked for the host to stitch.
function walkFrame(el, rec, b, ctx, depth, inWin, data, inAct) {
  const stats = run.stats;
  const frames = run.frames;
  let doc = null;
  try { doc = el.contentDocument; } catch (e) { doc = null; }
  const cs = getComputedStyle(el);
  const ox = ctx.ox + b.left + el.clientLeft + (parseFloat(cs.paddingLeft) || 0);
  const oy = ctx.oy + b.top + el.clientTop + (parseFloat(cs.paddingTop) || 0);
  if (!doc || !doc.documentElement) {
    // Cross-origin: its own walker run (injected into every frame) covers it and the host
    // stitches that run under this record, shifted by the content-box origin `co`.
    stats.frames_skipped++;
    if (data.vis && inWin) {
      data.xo = 1;
      data.co = [Math.round(ox), Math.round(oy)];
      if (data.top === undefined && !ctx.frameCovered) {
        const t = topmost(el, b, ctx, data);
        if (t !== undefined) data.top = t;
      }
      if (ctx.act) rec.own = true;  // (off the act's window its walk writes none)
      if (rec.id < 0) { emit(rec); stats.emitted++; }
    }
    return;
  }
  if (run.viewportOnly && !inWin) { stats.offscreen_subtrees++; return; }
  const fwin = doc.defaultView;
  const fi = frames.length;
  run.frameDocs.set(doc, fi);
  frames.push({ url: doc.URL, parent: ctx.f, ox: Math.round(ox), oy: Math.round(oy),
    n: doc.getElementsByTagName('*').length });
  // The iframe element must be emitted so its document's records have a parent chain.
  data.fr = fi;
  if (data.top === undefined && !ctx.frameCovered) {
    const t = topmost(el, b, ctx, data);
    if (t !== undefined) data.top = t;
  }
  if (ctx.act) rec.own = true;  // (off the act's window its walk writes none)
  if (rec.id < 0) { emit(rec); stats.emitted++; }
  frames[fi].owner = rec.id;
  const fw = { w: doc.documentElement.clientWidth || (fwin && fwin.innerWidth) || 0,
    h: doc.documentElement.clientHeight || (fwin && fwin.innerHeight) || 0 };
  // The frame's document shows only through the iframe's content box.
  const fwn = run.viewportOnly
    ? { l: Math.max(ctx.win.l, ox), t: Math.max(ctx.win.t, oy),
      r: Math.min(ctx.win.r, ox + fw.w), b: Math.min(ctx.win.b, oy + fw.h) }
    : ctx.win;
  // (the act's walk enters it only inside its window, and sees it through its content box)
  const act = ctx.act;
  const fact = !act ? null : act === ACT_GONE || !inAct ? ACT_GONE
    : { win: { l: Math.max(act.win.l, ox), t: Math.max(act.win.t, oy),
      r: Math.min(act.win.r, ox + fw.w), b: Math.min(act.win.b, oy + fw.h) }, doc, ox, oy };
  if (fact && fact !== ACT_GONE) run.actDocs.set(doc, fact);
  const fctx = { f: fi, ox, oy, depth, fw, win: fwn, doc, hx: data.hx || null,
    frameCovered: ctx.frameCovered || data.top === 0, act: fact, actOut: ctx.actOut };
  const html = doc.documentElement;
  visit(html, html.nodeName.toLowerCase(), 'html', null, rec, fctx);
}
