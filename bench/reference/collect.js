// Reference set of interactive elements for one document (one frame), run by CDP in an
// isolated world. Independent of every tool under test: plain DOM, computed style and
// getBoundingClientRect. Returns a JSON string: {viewport, records: [...]}.
// Argument: element paths (see pathOf) that have a click listener, found by the caller with
// DOMDebugger.getEventListeners; they are candidates like any natively interactive element.
(function (listenerPaths) {
  const NATIVE = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary']);
  const ROLES = new Set(['button', 'checkbox', 'combobox', 'link', 'listbox', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'searchbox', 'slider',
    'spinbutton', 'switch', 'tab', 'textbox', 'treeitem']);
  const INPUT_ROLES = {checkbox: 'checkbox', radio: 'radio', range: 'slider',
    number: 'spinbutton', search: 'searchbox', button: 'button', submit: 'button',
    reset: 'button', image: 'button'};
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const listened = new Set(listenerPaths || []);

  function nativeReason(el) {
    const tag = el.localName;
    if (tag === 'a') return el.hasAttribute('href') ? 'native' : null;
    if (tag === 'input') return (el.getAttribute('type') || '').toLowerCase() === 'hidden' ? null : 'native';
    if (NATIVE.has(tag)) return 'native';
    if (el.isContentEditable && (el.parentElement === null || !el.parentElement.isContentEditable)) return 'native';
    return null;
  }

  function explicitRole(el) {
    const first = (el.getAttribute('role') || '').trim().split(/\s+/)[0].toLowerCase();
    return first || null;
  }

  function implicitRole(el) {
    const tag = el.localName;
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : 'generic';
    if (tag === 'button') return 'button';
    if (tag === 'summary') return 'button';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    if (tag === 'input') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (INPUT_ROLES[type]) return INPUT_ROLES[type];
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    if (el.isContentEditable) return 'textbox';
    return 'generic';
  }

  function textOf(node) {
    return clean(node.textContent);
  }

  function nameOf(el) {
    const label = el.getAttribute('aria-label');
    if (clean(label)) return clean(label);
    const ids = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    if (ids.length) {
      const root = el.getRootNode();
      const text = ids.map((id) => root.getElementById ? root.getElementById(id) : null)
        .filter(Boolean).map(textOf).join(' ');
      if (clean(text)) return clean(text);
    }
    const tag = el.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (['button', 'submit', 'reset'].includes(type)) {
        return clean(el.value) || (type === 'reset' ? 'Reset' : type === 'submit' ? 'Submit' : '');
      }
      if (type === 'image') return clean(el.alt) || clean(el.title);
      const labels = el.labels ? Array.from(el.labels).map(textOf).join(' ') : '';
      return clean(labels) || clean(el.getAttribute('placeholder')) || clean(el.title);
    }
    let text = textOf(el);
    if (!text) {
      const img = el.querySelector('img[alt]');
      text = img ? clean(img.alt) : '';
    }
    return text || clean(el.title);
  }

  // Offset of this frame's viewport inside the main frame's viewport (same-origin chain).
  let offsetX = 0, offsetY = 0;
  try {
    for (let w = window; w.frameElement; w = w.parent) {
      const r = w.frameElement.getBoundingClientRect();
      const cs = w.parent.getComputedStyle(w.frameElement);
      offsetX += r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
      offsetY += r.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop);
    }
  } catch (e) { /* cross-origin parent: leave the offset as far as it got */ }

  const doc = document.documentElement;
  const docWidth = Math.max(doc.scrollWidth, doc.clientWidth);
  const docHeight = Math.max(doc.scrollHeight, doc.clientHeight);
  const records = [];
  const neutral = [];
  let visited = 0;

  // Parts of a control a tool may list on their own: not required, not held against it.
  function considerNeutral(el, path) {
    const tag = el.localName;
    if (tag === 'option' || tag === 'optgroup') {
      neutral.push({path, tag, role: 'option', name: clean(el.label || el.textContent)});
    } else if (tag === 'label' && el.control) {
      neutral.push({path, tag, role: 'labeltext', name: textOf(el)});
    }
  }

  function consider(el, path) {
    const reasons = [];
    const native = nativeReason(el);
    if (native) reasons.push(native);
    const role = explicitRole(el);
    if (role && ROLES.has(role)) reasons.push('role');
    const tabindex = el.getAttribute('tabindex');
    if (tabindex !== null && /^-?\d+$/.test(tabindex.trim()) && parseInt(tabindex, 10) >= 0) reasons.push('tabindex');
    if (listened.has(path)) reasons.push('click');
    if (!reasons.length) return;
    const tag = el.localName;
    if ((tag === 'html' || tag === 'body') && reasons.length === 1 && reasons[0] === 'click') return;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return;
    // content of a closed <details> keeps its box but is not rendered (content-visibility)
    if (el.checkVisibility && !el.checkVisibility()) return;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') return;
    const left = rect.left + scrollX, top = rect.top + scrollY;
    if (left + rect.width <= 0 || top + rect.height <= 0 || left >= docWidth || top >= docHeight) return;
    records.push({
      path, tag, reasons,
      role: role && ROLES.has(role) ? role : implicitRole(el),
      name: nameOf(el),
      rect: [rect.left + offsetX, rect.top + offsetY, rect.width, rect.height],
    });
  }

  // Element-children paths, "s" for an open shadow root; iframes are other documents.
  function walk(parent, prefix) {
    const kids = parent.children;
    for (let i = 0; i < kids.length; i++) {
      const el = kids[i];
      const path = prefix === '' ? String(i) : prefix + '/' + i;
      visited++;
      consider(el, path);
      considerNeutral(el, path);
      if (el.shadowRoot) walk(el.shadowRoot, path + '/s');
      walk(el, path);
    }
  }
  walk(document, '');
  const isMain = window.top === window;
  return JSON.stringify({
    visited,
    viewport: isMain ? {width: innerWidth, height: innerHeight, scrollX, scrollY} : null,
    records,
    neutral,
  });
})
