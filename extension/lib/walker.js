// axsnap DOM-channel walker: one self-contained function that runs inside the page.
//
// It is injected with chrome.scripting.executeScript({func: axsnapWalk, world: 'ISOLATED'})
// and must therefore reference nothing outside its own body (no imports, no closures). The
// same source runs in a plain page for tests (Selenium strips the `export`); there
// chrome.dom is absent and only open shadow roots are reachable.
//
// It reports facts, not verdicts: the host (pipeline/walker_merge.py, pipeline/elements.py)
// decides what is interactive and visible, joining these records to DOMSnapshot/AX data on
// the frame-aware XPath (the page cannot see backendNodeIds).
//
// It never writes to the page: no attributes, no overlays, no expandos; only reads
// (getComputedStyle, getBoundingClientRect, elementFromPoint, chrome.dom).
//
// Output (compact; keys are short because a big page gives tens of thousands of records):
//   {v:1, url, title, viewport:{w,h}, scroll:{x,y,w,h}, dpr,
//    frames:[{url, parent, owner, ox, oy}],   // walker frame 0 = the document walked first
//    elements:[record...],                     // pre-order; a record's parent comes before it
//    [captureWalker adds subframes:[{frameId, documentId, result}] — runs in cross-origin
//     frames, frame-local coordinates; the host stitches them under their <iframe>]
//    stats:{visited, emitted, elapsed_ms, capped (node cap hit), depth_capped (subtrees cut
//           at the depth cap), hidden_subtrees (display:none / opacity:0, not walked),
//           offscreen_subtrees (clipping boxes outside the window, not walked),
//           outside_window (elements walked but outside the window, not reported),
//           frames_skipped (iframes whose document is not reachable: cross-origin),
//           max_depth}}
// record: {p: parent record in the flat tree or -1, f: frame, s: flat-tree step ("div[2]";
//          "html" for a frame's root) — the chain of `s` over `p` is the join key the host
//          also computes from DOMSnapshot, which lists the flat (composed) tree: a shadow
//          host's shadow-root children, a slot's assigned elements;
//          d?: DOM XPath step where it differs ("#shadow-root/span", a slotted element's
//          step among its host's children), dp?: DOM parent record where it differs (slotted
//          elements: the host) — the chain of (d||s) over (dp||p) is the displayed XPath;
//          r:[x,y,w,h] (CSS px, top-level viewport coordinates), vis:1|0, hid?: "visibility"|"size", win?:1 (in the expanded window), inv?:1 (in the
//          viewport), top?:1|0 (centre not covered; absent = not checked), ptr?:1 (own
//          cursor:pointer) | 2 (inherited from the parent), c?:[reason...] (why it may be
//          interactive), a?:{attr:value}, tx?: text, val?: current value, filled?:1|0
//          (password fields: the value itself is never read out), ptx?: the parent's text
//          (short parents only; a re-render signature hint), idu?:1 (its id resolves to
//          it in its root), sr?:1 (walked into its shadow root), fr?: walker frame index of the
//          document it owns (iframes), xo?:1 (an iframe whose document is cross-origin) with
//          co:[x,y] (its content-box origin, top-level viewport coordinates)}
// A frame whose parent can reach it returns {v:1, covered:true, url}.
export function axsnapWalk(opts) {
  const t0 = performance.now();
  if (window !== window.top) {
    // A frame whose parent document is reachable (same origin) is walked from there.
    let covered = false;
    try { covered = window.frameElement !== null; } catch (e) { covered = false; }
    if (covered) return { v: 1, covered: true, url: document.URL };
  }
  const o = opts || {};
  const viewportOnly = o.viewportOnly !== false;
  const expand = Math.max(0, Number(o.expandPx) || 0);
  const maxNodes = o.maxNodes || 200000;
  const maxDepth = o.maxDepth || 256;
  const textMax = o.textMax || 120;
  const hasChromeDom = typeof chrome !== 'undefined' && chrome && chrome.dom
    && typeof chrome.dom.openOrClosedShadowRoot === 'function';

  const SKIP = new Set(['script', 'style', 'noscript', 'meta', 'link', 'head', 'template',
    'title', 'base']);
  // Elements allowed to host an author shadow root (custom elements too): never walk a
  // user-agent shadow root (<input>, <video>, ...).
  const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1',
    'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);
  const FORM = new Set(['button', 'select', 'textarea', 'input', 'option', 'summary']);
  const ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'combobox', 'textbox', 'searchbox',
    'slider', 'spinbutton', 'treeitem', 'gridcell', 'listbox', 'scrollbar']);
  const ACTION_ATTRS = ['data-action', 'ng-click', 'v-on:click', '@click', 'x-on:click',
    'data-onclick', 'jsaction', 'hx-get', 'hx-post', 'wire:click'];
  const ATTRS = ['id', 'name', 'type', 'role', 'aria-label', 'placeholder', 'title', 'alt',
    'href', 'tabindex', 'contenteditable', 'aria-expanded', 'aria-checked', 'aria-selected',
    'aria-pressed', 'aria-disabled', 'aria-haspopup', 'disabled', 'checked', 'readonly',
    'autocomplete', 'inputmode', 'for', 'data-testid'];  // never `value`: see `val`

  const topWin = window;
  const vw = document.documentElement.clientWidth || topWin.innerWidth;
  const vh = document.documentElement.clientHeight || topWin.innerHeight;
  const win = viewportOnly
    ? { l: -expand, t: -expand, r: vw + expand, b: vh + expand }
    : { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };

  const stats = { visited: 0, emitted: 0, elapsed_ms: 0, capped: false, depth_capped: 0,
    hidden_subtrees: 0, offscreen_subtrees: 0, outside_window: 0, frames_skipped: 0,
    max_depth: 0 };
  const frames = [];
  const out = [];

  const collapse = (s) => s.replace(/\s+/g, ' ').trim();
  const clip = (s) => (s.length > textMax ? s.slice(0, textMax) : s);

  function ownText(el) {
    let s = '';
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) s += n.data;
    }
    return collapse(s);
  }

  function shadowOf(el, tag) {
    if (!(SHADOW_HOSTS.has(tag) || tag.indexOf('-') > 0)) return null;
    if (hasChromeDom) {
      try { return chrome.dom.openOrClosedShadowRoot(el) || null; } catch (e) { return null; }
    }
    return el.shadowRoot || null;
  }

  function reasons(el, tag, attrs) {
    const c = [];
    if (FORM.has(tag) && !(tag === 'input' && el.type === 'hidden')) c.push('form');
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) c.push('href');
    if (el.hasAttribute('onclick') || el.hasAttribute('onmousedown')) c.push('onclick');
    const role = attrs.role;
    if (role && ROLES.has(role.split(' ')[0])) c.push('role');
    const ti = el.getAttribute('tabindex');
    if (ti !== null && Number(ti) >= 0) c.push('tabindex');
    if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) {
      c.push('editable');
    }
    for (const name of ACTION_ATTRS) {
      if (el.hasAttribute(name)) { c.push('action'); break; }
    }
    return c;
  }

  function readAttrs(el) {
    let a = null;
    for (const name of ATTRS) {
      const v = el.getAttribute(name);
      if (v !== null) {
        if (!a) a = {};
        a[name] = v.length > 200 ? v.slice(0, 200) : v;
      }
    }
    if (el.hasAttribute('onclick')) { if (!a) a = {}; a.onclick = ''; }
    for (const name of ACTION_ATTRS) {
      if (el.hasAttribute(name)) { if (!a) a = {}; a[name] = ''; }
    }
    return a;
  }

  // Is the element's centre hit-tested to the element itself (or something inside it)?
  function topmost(el, r, frameWin) {
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    if (cx < 0 || cy < 0 || cx >= frameWin.w || cy >= frameWin.h) return undefined;
    const root = el.getRootNode();
    const hit = (root && root.elementFromPoint ? root : el.ownerDocument).elementFromPoint(cx, cy);
    if (!hit) return 0;
    for (let n = hit; n; n = n.parentNode || n.host) {
      if (n === el) return 1;
    }
    return 0;
  }

  function inWindow(x, y, w, h) {
    return x + w >= win.l && y + h >= win.t && x <= win.r && y <= win.b;
  }

  // Positional XPath steps of a list of sibling elements, computed once per parent: one
  // pass counts each tag, a second numbers them (the linear fix for browser-use's rescans).
  function steps(kids) {
    const n = kids.length;
    const total = new Map();
    const tags = new Array(n);
    for (let i = 0; i < n; i++) {
      const t = kids[i].nodeName.toLowerCase();
      tags[i] = t;
      total.set(t, (total.get(t) || 0) + 1);
    }
    const seen = new Map();
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const t = tags[i];
      const k = (seen.get(t) || 0) + 1;
      seen.set(t, k);
      out[i] = total.get(t) > 1 ? t + '[' + k + ']' : t;
    }
    return { tags, steps: out };
  }

  const lightSteps = new WeakMap();  // shadow host -> Map(light child -> DOM step)
  function lightStepOf(host, el) {
    let m = lightSteps.get(host);
    if (!m) {
      m = new Map();
      const kids = host.children;
      const st = steps(kids).steps;
      for (let i = 0; i < kids.length; i++) m.set(kids[i], st[i]);
      lightSteps.set(host, m);
    }
    return m.get(el);
  }

  // Children in the flat tree (what DOMSnapshot reports): a shadow host's shadow-root
  // children, a slot's assigned elements (or its fallback content), else the DOM children.
  // `s` is the flat-tree step (the join key); `d`/`dp` give the DOM XPath where it differs.
  function walkChildren(el, tag, rec, ctx) {
    const sr = shadowOf(el, tag);
    let kids;
    let domPrefix = '';
    let slotHost = null;
    if (sr) {
      rec.data.sr = 1;
      kids = sr.children;
      domPrefix = '#shadow-root/';
    } else if (tag === 'slot' && typeof el.assignedElements === 'function'
      && el.assignedElements().length) {
      kids = el.assignedElements();
      const root = el.getRootNode();
      slotHost = root && root.host ? root.host : null;
    } else {
      kids = el.children;
    }
    const n = kids.length;
    if (!n) return;
    const st = steps(kids);
    for (let i = 0; i < n; i++) {
      const t = st.tags[i];
      if (SKIP.has(t)) continue;
      if (stats.visited >= maxNodes) { stats.capped = true; return; }
      const kid = kids[i];
      let dom = null;
      if (domPrefix) dom = { d: domPrefix + st.steps[i], dp: null };
      else if (slotHost && kid.parentElement === slotHost) {
        let hostRec = rec;
        while (hostRec && hostRec.el !== slotHost) hostRec = hostRec.parent;
        const ds = lightStepOf(slotHost, kid);
        if (hostRec && ds) dom = { d: ds === st.steps[i] ? null : ds, dp: hostRec };
      }
      visit(kid, t, st.steps[i], dom, rec, ctx);
    }
  }

  function emit(rec) {
    // Emit the still-pending ancestors first so every record's parent precedes it.
    if (rec.id >= 0) return;
    if (rec.parent && rec.parent.id < 0) emit(rec.parent);
    rec.id = out.length;
    rec.data.p = rec.parent ? rec.parent.id : -1;
    const el = rec.el;
    if (!rec.data.a && el.id) {
      // Ancestors emitted as skeleton carry their id too: selectors anchor on it.
      rec.data.a = { id: el.id };
      const root = el.getRootNode();
      if (root && root.getElementById && root.getElementById(el.id) === el) rec.data.idu = 1;
    }
    if (rec.dom) {
      if (rec.dom.d) rec.data.d = rec.dom.d;
      if (rec.dom.dp) { emit(rec.dom.dp); rec.data.dp = rec.dom.dp.id; }
    }
    out.push(rec.data);
  }

  function visit(el, tag, step, dom, parentRec, ctx) {
    stats.visited++;
    const depth = ctx.depth + 1;
    if (depth > stats.max_depth) stats.max_depth = depth;
    const style = getComputedStyle(el);
    if (style.display === 'none') { stats.hidden_subtrees++; return; }
    if (style.opacity === '0') { stats.hidden_subtrees++; return; }
    const b = el.getBoundingClientRect();
    const x = b.left + ctx.ox;
    const y = b.top + ctx.oy;
    const w = b.width;
    const h = b.height;
    const data = { p: -1, f: ctx.f, s: step, r: [Math.round(x), Math.round(y), Math.round(w),
      Math.round(h)], vis: 1 };
    const rec = { id: -1, parent: parentRec, data, el, dom, ptr: false };
    let visible = true;
    if (style.visibility === 'hidden' || style.visibility === 'collapse') {
      visible = false; data.hid = 'visibility';
    } else if ((w === 0 || h === 0) && style.display !== 'contents') {
      visible = false; data.hid = 'size';
    }
    if (!visible) data.vis = 0;
    const inWin = inWindow(x, y, w, h);
    if (inWin) data.win = 1;
    else stats.outside_window++;
    if (x + w > 0 && y + h > 0 && x < vw && y < vh) data.inv = 1;
    const cursorPtr = style.cursor === 'pointer';
    const parentPtr = parentRec ? parentRec.ptr : false;
    rec.ptr = cursorPtr;
    if (cursorPtr) data.ptr = parentPtr ? 2 : 1;

    let report = false;
    if (visible && inWin) {
      const attrs = readAttrs(el) || {};
      const c = reasons(el, tag, attrs);
      if (cursorPtr && !parentPtr) c.push('pointer');
      const own = ownText(el);
      if (c.length) {
        data.c = c;
        // A select's or textarea's textContent is its option list / initial value, not
        // what it shows: `val` carries that.
        const txt = tag === 'select' || tag === 'textarea' ? '' : collapse(el.textContent || '');
        if (txt) data.tx = clip(txt);
        if (tag === 'input' || tag === 'textarea' || tag === 'select') {
          if (tag === 'input' && (el.type || '').toLowerCase() === 'password') {
            data.filled = el.value ? 1 : 0;
          } else if (tag === 'select') {
            const opt = el.selectedOptions && el.selectedOptions[0];
            data.val = clip(opt ? collapse(opt.textContent || '') : '');
          } else if (!(tag === 'input' && (el.type === 'checkbox' || el.type === 'radio'))) {
            data.val = clip(String(el.value || ''));
          }
          if (el.type === 'checkbox' || el.type === 'radio') data.chk = el.checked ? 1 : 0;
        }
        if (el.disabled) data.dis = 1;
        // Context for the host's re-render signature (tells the "Delete" buttons of a
        // list apart): the parent's text, only for small parents so it stays cheap.
        const parent = el.parentElement;
        if (parent && parent.childElementCount <= 16) {
          const ptx = collapse(parent.textContent || '');
          if (ptx) data.ptx = ptx.slice(0, 80);
        }
        report = true;
      } else if (own) {
        data.tx = clip(own);
        report = true;
      }
      if (report) {
        if (Object.keys(attrs).length) data.a = attrs;
        if (attrs.id) {
          const root = el.getRootNode();
          if (root && root.getElementById && root.getElementById(attrs.id) === el) data.idu = 1;
        }
        if (ctx.frameCovered) data.top = 0;
        else {
          const t = topmost(el, b, ctx.fw);
          if (t !== undefined) data.top = t;
        }
      }
    }
    if (report) { emit(rec); stats.emitted++; }

    if (depth >= maxDepth) { stats.depth_capped++; return; }
    if (tag === 'svg' || tag === 'math') return;
    // A box that clips its overflow and lies outside the window cannot show descendants
    // there (position:fixed descendants excepted — accepted and documented).
    const clips = style.overflowX !== 'visible' && style.overflowY !== 'visible';
    if (viewportOnly && !inWin && clips && style.display !== 'contents') {
      stats.offscreen_subtrees++;
      return;
    }
    if (tag === 'iframe' || tag === 'frame') {
      walkFrame(el, rec, b, ctx, depth, inWin, data);
      return;
    }
    walkChildren(el, tag, rec, { f: ctx.f, ox: ctx.ox, oy: ctx.oy, fw: ctx.fw,
      frameCovered: ctx.frameCovered, depth });
  }

  function walkFrame(el, rec, b, ctx, depth, inWin, data) {
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
          const t = topmost(el, b, ctx.fw);
          if (t !== undefined) data.top = t;
        }
        if (rec.id < 0) { emit(rec); stats.emitted++; }
      }
      return;
    }
    if (viewportOnly && !inWin) { stats.offscreen_subtrees++; return; }
    const fwin = doc.defaultView;
    const fi = frames.length;
    frames.push({ url: doc.URL, parent: ctx.f, ox: Math.round(ox), oy: Math.round(oy) });
    // The iframe element must be emitted so its document's records have a parent chain.
    data.fr = fi;
    if (data.top === undefined && !ctx.frameCovered) {
      const t = topmost(el, b, ctx.fw);
      if (t !== undefined) data.top = t;
    }
    if (rec.id < 0) { emit(rec); stats.emitted++; }
    frames[fi].owner = rec.id;
    const fctx = { f: fi, ox, oy, depth,
      fw: { w: doc.documentElement.clientWidth || (fwin && fwin.innerWidth) || 0,
        h: doc.documentElement.clientHeight || (fwin && fwin.innerHeight) || 0 },
      frameCovered: ctx.frameCovered || data.top === 0 };
    const html = doc.documentElement;
    visit(html, html.nodeName.toLowerCase(), 'html', null, rec, fctx);
  }

  frames.push({ url: document.URL, parent: -1, owner: -1, ox: 0, oy: 0 });
  const html = document.documentElement;
  try {
    if (html) {
      visit(html, html.nodeName.toLowerCase(), 'html', null, null,
        { f: 0, ox: 0, oy: 0, depth: 0, fw: { w: vw, h: vh }, frameCovered: false });
    }
  } catch (e) {
    stats.error = String((e && e.message) || e);  // keep what was walked
  }
  const se = document.scrollingElement || document.documentElement;
  stats.elapsed_ms = Math.round((performance.now() - t0) * 10) / 10;
  return {
    v: 1,
    url: document.URL,
    title: document.title,
    name: window.name,
    top: window === window.top,
    viewport: { w: vw, h: vh },
    scroll: { x: Math.round(topWin.scrollX), y: Math.round(topWin.scrollY),
      w: se ? se.scrollWidth : 0, h: se ? se.scrollHeight : 0 },
    dpr: topWin.devicePixelRatio || 1,
    options: { viewportOnly, expandPx: expand },
    frames,
    elements: out,
    stats,
  };
}
