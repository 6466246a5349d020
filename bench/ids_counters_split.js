// The twins of one counter id, compared in the page (bench/ids_counters_split.py): for each
// cause, each twin's value; called on the first twin with every twin as an argument.
(function compare() {
  const els = Array.from(arguments);
  const said = (n) => (n.innerText ?? n.textContent ?? '').replace(/\s+/g, ' ').trim();
  const chains = els.map((e) => { const c = []; for (let n = e; n; n = n.parentElement) c.unshift(n); return c; });
  let k = 0;
  while (chains.every((c) => c[k] && c[k] === chains[0][k])) k++;
  const out = {common: chains[0][k - 1] ? chains[0][k - 1].tagName.toLowerCase() : ''};
  out.own_words = els.map(said);
  // the boxes holding one twin and no other, nearest first, at each depth above the twin
  const boxes = chains.map((c) => c.slice(k).reverse().slice(1));
  const depth = Math.max(...boxes.map((b) => b.length));
  out.box = [];
  for (let d = 0; d < depth; d++) {
    const at = boxes.map((b) => b[Math.min(d, b.length - 1)]);
    if (at.some((n) => !n)) break;
    const n = at[0];
    const cls = (n.getAttribute('class') || '').toLowerCase();
    const role = n.getAttribute('role') || '';
    const kind = (n.tagName === 'TR' || role === 'row') ? 'row'
      : (n.tagName === 'LI' || role === 'listitem') ? 'list item'
      : (n.tagName === 'ARTICLE' || /card|product|item|post|tile/.test(cls)) ? 'card'
      : (/^(SECTION|FIELDSET|FORM|ASIDE|NAV|HEADER|FOOTER|MAIN|TABLE|TBODY)$/.test(n.tagName)) ? 'section'
      : (n.tagName === 'TD' || n.tagName === 'TH' || role === 'cell' || role === 'gridcell') ? 'cell' : 'box';
    out.box.push({kind, tag: n.tagName.toLowerCase(), cls: cls.slice(0, 60), said: at.map(said)});
  }
  const column = (e) => {
    const cell = e.closest('td,th');
    if (!cell || !cell.parentElement) return '';
    const table = cell.closest('table');
    const index = Array.from(cell.parentElement.children).indexOf(cell);
    const head = table && (table.querySelector('thead tr') || table.querySelector('tr'));
    const th = head && head !== cell.parentElement && head.children[index];
    return th ? said(th) : '';
  };
  out.column = els.map(column);
  const heads = Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]'));
  const above = (e) => {
    let last = '';
    for (const h of heads) {
      if (h.contains(e)) continue;
      if (h.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) last = said(h); else break;
    }
    return last;
  };
  out.heading = els.map(above);
  const img = (e) => (e.tagName === 'IMG' ? e : e.querySelector('img'));
  out.alt = els.map((e) => (img(e) ? img(e).getAttribute('alt') || '' : ''));
  out.src = els.map((e) => (img(e) ? (img(e).getAttribute('src') || '').split(/[?#]/)[0].split('/').pop() : ''));
  out.href = els.map((e) => { const a = e.closest('a[href]') || e.querySelector('a[href]'); const h = a ? a.getAttribute('href') : '';
    return /^\s*javascript:/i.test(h) ? '' : h.split(/[?#]/)[0].split('/').filter(Boolean).slice(-2).join('/'); });
  out.own_name = els.map((e) => ['id', 'title', 'data-testid', 'data-test', 'data-cy', 'data-test-id', 'name']
    .map((a) => e.getAttribute(a) || '').join(' '));
  out.class = els.map((e) => [e, ...e.querySelectorAll('svg, i, img, span')].slice(0, 4)
    .map((c) => c.getAttribute('class') || '').join(' '));
  out.token = els.map((e) => [...e.attributes].map((a) => a.value).join(' ')
    + ' ' + [...e.querySelectorAll('*')].slice(0, 20).map((c) => [...c.attributes].map((a) => a.value).join(' ')).join(' '));
  return out;
})
