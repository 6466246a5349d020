// Shows one run: counts, timings, and the JSON, DOM text + image, outline, delta and page views,
// with Copy and Download on each output and a ZIP of all.

import { deltaView } from './delta.js';
import { renderDomText } from './domtext.js';
import { copy, download } from './files.js';
import { renderJsonTree, searchJson } from './jsontree.js';
import { archiveName, docText, fullOutline, jsonDocs, outputsOf } from './outputs.js';
import { renderPage } from './page.js';
import { nextZoom, renderSom } from './som.js';
import { zip } from './zip.js';

const $ = (id) => document.getElementById(id);

function fillList(dl, entries) {
  dl.replaceChildren();
  for (const [key, value] of entries) {
    const dt = document.createElement('dt');
    dt.textContent = key;
    const dd = document.createElement('dd');
    dd.textContent = String(value);
    dl.append(dt, dd);
  }
}

/** The summary lines of a run: [[label, value]]. */
export function runCounts(run) {
  const rows = [];
  const snap = run.parts.snapshot?.result?.snapshot;
  if (snap) {
    const q = snap.quality ?? {};
    rows.push(['nodes kept', q.nodes_kept], ['nodes pruned', q.nodes_pruned], ['redacted', q.redacted],
      ['frames', `${q.frames_captured} captured, ${q.frames_failed} failed`]);
    const st = snap.stabilization;
    if (st) rows.push(['stabilized', st.stabilized ? `yes (${st.waited_ms} ms)` : `no: ${(st.reasons ?? []).join(', ')}`]);
  }
  const dom = run.parts.dom?.result;
  if (dom) {
    rows.push(['elements', dom.elements?.length ?? 0]);
    if (dom.vision) rows.push(['image', dom.vision.ok ? `${dom.vision.legend?.marks?.length ?? 0} boxes` : `none: ${dom.vision.reason}`]);
  }
  const outline = fullOutline(run);
  if (typeof outline?.combinedTree === 'string') rows.push(['outline lines', outline.combinedTree.split('\n').length]);
  const page = run.parts.page?.result?.semantic?.page;
  if (page) rows.push(['page', `${page.type} (${(page.scores?.[page.type] ?? 0).toFixed(2)})`]);
  const delta = run.parts.outline?.result?.delta;
  if (delta) rows.push(['delta', delta.applied ? `${delta.changes?.length ?? 0} changes` : `none (${delta.reason})`]);
  const bytes = Object.values(run.parts).reduce((n, r) => n + (r.sizes?.reply_bytes ?? 0), 0);
  rows.push(['reply size', `${bytes.toLocaleString()} bytes`]);
  rows.push(['redaction', run.unredacted ? 'OFF — UNREDACTED' : 'on']);
  return rows;
}

/** [[label, ms]] per part and stage. */
export function runTimings(run) {
  const rows = [];
  const many = Object.keys(run.parts).length > 1;
  for (const [part, reply] of Object.entries(run.parts)) {
    for (const [key, value] of Object.entries(reply.timings ?? {})) {
      if (typeof value === 'number') rows.push([many ? `${part} ${key}` : key, Math.round(value)]);
    }
  }
  return rows;
}

export function createResultView({ setStatus }) {
  let run = null;
  let outputs = [];
  let docs = [];
  let tree = null;
  let matches = [];
  let matchAt = -1;
  let zoom = 1;
  let som = null;
  let domView = null;

  const output = (key) => outputs.find((o) => o.key === key);
  const currentDoc = () => docs.find((d) => d.key === $('json-doc').value) ?? docs[0];

  async function copyOutput(out, what) {
    if (!out) return;
    try {
      await copy(out);
      setStatus(`Copied the ${what}.`);
    } catch (e) {
      setStatus(`Could not copy the ${what}: ${e?.message ?? e}. Use Download instead.`);
    }
  }
  const save = (out) => out && download(out.name, out.data, out.mime);

  function showJson() {
    const doc = currentDoc();
    $('rawjson').textContent = doc ? docText(doc) : '';
    tree = doc ? renderJsonTree($('tree'), doc.value, doc.label) : null;
    if (!doc) $('tree').replaceChildren();
    search();
  }

  function search() {
    tree?.clearMarks();
    const query = $('json-search').value;
    const doc = currentDoc();
    if (!query.trim() || !doc || !tree) {
      $('json-matches').textContent = '';
      matches = [];
      return;
    }
    const found = searchJson(doc.value, query, 100);
    matches = found.paths.map((p) => tree.reveal(p)).filter(Boolean);
    matchAt = -1;
    $('json-matches').textContent = found.total === 0 ? 'No matches'
      : `${found.total} match${found.total === 1 ? '' : 'es'}${found.total > matches.length ? ` (first ${matches.length} shown)` : ''}; Enter for the next`;
  }

  function nextMatch(step) {
    if (!matches.length) return;
    matches[matchAt]?.classList.remove('current');
    matchAt = (matchAt + step + matches.length) % matches.length;
    const el = matches[matchAt];
    el.classList.add('current');
    const target = el.tagName === 'DETAILS' ? el.querySelector('summary') : el;
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
  }

  function showDom() {
    const dom = run.parts.dom?.result;
    $('dom-empty').hidden = Boolean(dom);
    $('dom-text-block').hidden = typeof dom?.domtext !== 'string';
    const vision = dom?.vision;
    $('som').hidden = !vision;
    som = null;
    domView = null;
    if (typeof dom?.domtext === 'string') {
      domView = renderDomText($('domtext'), dom.domtext, { onHover: (i) => som?.highlight(i) });
    } else $('domtext').replaceChildren();
    const img = $('som-image');
    if (vision?.ok && vision.image) {
      img.hidden = false;
      som = renderSom($('som-stage'), img, vision, { onHover: (i) => domView?.highlight(i) });
      setZoom(1);
      const legend = vision.legend ?? {};
      $('vision-status').textContent = `${legend.marks?.length ?? 0} boxes, ${legend.masks?.length ?? 0} masked. Point at a box or a line to see its twin.`;
      $('som-tools').hidden = false;
    } else {
      img.hidden = true;
      img.removeAttribute('src');
      for (const old of $('som-stage').querySelectorAll('.som-box')) old.remove();
      $('vision-status').textContent = vision ? `No image: ${vision.reason}` : '';
      $('som-tools').hidden = true;
    }
  }

  function setZoom(z) {
    zoom = z;
    som?.setZoom(z);
    $('zoom-level').textContent = `${Math.round(z * 100)}% of the panel width`;
  }

  function showOutline() {
    const outline = fullOutline(run);
    const hasText = typeof outline?.combinedTree === 'string';
    $('outline-empty').hidden = Boolean(outline);
    $('outline-block').hidden = !outline;
    $('outline').hidden = !hasText;
    $('outline').textContent = hasText ? outline.combinedTree : '';
    const lines = hasText ? outline.combinedTree.split('\n').length : 0;
    const frames = outline?.frames ?? [];
    const tokens = outline?.size?.tokens;
    $('outline-stats').textContent = outline
      ? [hasText ? `${lines} lines` : '', frames.length ? `${frames.length} frame${frames.length === 1 ? '' : 's'}` : '',
        typeof tokens === 'number' ? `${tokens.toLocaleString()} tokens` : ''].filter(Boolean).join(', ')
      : '';
    $('outline-note').textContent = run.outlineNote ?? '';
    $('outline-note').hidden = !run.outlineNote;
  }

  function showDelta() {
    const view = deltaView(run.parts.outline, run.options);
    $('delta-block').hidden = view.state !== 'delta';
    if (view.state !== 'delta') {
      $('delta-state').textContent = view.message;
      $('delta-list').replaceChildren();
      return;
    }
    const { added, removed, changed } = view.counts;
    $('delta-state').textContent = view.rows.length ? 'Changes since the previous outline of this tab:' : 'Nothing changed since the previous outline of this tab.';
    $('delta-counts').textContent = `${added} added, ${removed} removed, ${changed} changed${view.note ? ` — ${view.note}` : ''}`;
    const sign = { added: '+', removed: '−', changed: '~' };
    $('delta-list').replaceChildren(...view.rows.map((row) => {
      const li = document.createElement('li');
      li.className = row.kind;
      const mark = document.createElement('span');
      mark.className = 'sign';
      mark.textContent = sign[row.kind];
      mark.title = row.kind;
      const kind = document.createElement('span');
      kind.className = 'visually-hidden';
      kind.textContent = `${row.kind}: `;
      const text = document.createElement('code');
      text.textContent = row.below.length ? [row.text, ...row.below.map((l) => `  ${l}`)].join('\n') : row.text;
      li.append(mark, kind, text);
      if (row.context) {
        const where = document.createElement('span');
        where.className = 'context';
        where.textContent = row.context;
        li.append(where);
      }
      return li;
    }));
  }

  function show(next) {
    run = next;
    outputs = outputsOf(run);
    docs = jsonDocs(run);
    fillList($('counts'), runCounts(run));
    fillList($('timings'), runTimings(run));
    $('json-doc').replaceChildren(...docs.map((d) => new Option(d.label, d.key)));
    $('json-doc').disabled = docs.length < 2;
    showJson();
    showDom();
    showOutline();
    showDelta();
    const semantic = run.parts.page?.result?.semantic;
    $('page-empty').hidden = Boolean(semantic);
    $('page-block').hidden = !semantic;
    renderPage($('page-view'), semantic);
    $('unredacted-badge').hidden = !run.unredacted;
    for (const note of document.querySelectorAll('.unredacted-note')) note.hidden = !run.unredacted;
    $('summary').hidden = Object.keys(run.parts).length === 0;
  }

  // Wiring, once.
  $('json-doc').addEventListener('change', showJson);
  let searchTimer = null;
  $('json-search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(search, 150);
  });
  $('json-search').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      nextMatch(e.shiftKey ? -1 : 1);
    }
  });
  $('raw').addEventListener('change', (e) => {
    $('rawjson').hidden = !e.target.checked;
    $('tree').hidden = e.target.checked;
  });
  $('copy-json').addEventListener('click', () => {
    const doc = currentDoc();
    if (doc) copyOutput({ data: docText(doc), mime: 'application/json' }, 'JSON');
  });
  $('download-json').addEventListener('click', () => {
    const doc = currentDoc();
    if (doc) download(doc.name, docText(doc), 'application/json');
  });
  $('copy-domtext').addEventListener('click', () => copyOutput(output('domtext'), 'DOM text'));
  $('download-domtext').addEventListener('click', () => save(output('domtext')));
  $('download-elements').addEventListener('click', () => save(output('elements')));
  $('copy-image').addEventListener('click', () => copyOutput(output('som'), 'image'));
  $('download-image').addEventListener('click', () => save(output('som')));
  $('copy-outline').addEventListener('click', () => copyOutput(output('outline'), 'outline'));
  $('download-outline').addEventListener('click', () => save(output('outline')));
  $('download-outline-maps').addEventListener('click', () => save(output('outline_maps')));
  $('copy-delta').addEventListener('click', () => copyOutput(output('delta'), 'delta'));
  $('download-page').addEventListener('click', () => save(output('semantic')));
  $('download-delta').addEventListener('click', () => save(output('delta')));
  $('download-all').addEventListener('click', () => {
    if (!run) return;
    download(archiveName(run), zip(outputs.map((o) => ({ name: o.name, data: o.data })), new Date(run.at)), 'application/zip');
    setStatus(`Saved ${outputs.length} files in ${archiveName(run)}.`);
  });
  $('zoom-in').addEventListener('click', () => setZoom(nextZoom(zoom, 1)));
  $('zoom-out').addEventListener('click', () => setZoom(nextZoom(zoom, -1)));
  $('zoom-fit').addEventListener('click', () => setZoom(1));
  $('som-scroll').addEventListener('wheel', (e) => {
    if (!e.ctrlKey || !som) return;
    e.preventDefault();
    setZoom(nextZoom(zoom, e.deltaY < 0 ? 1 : -1));
  }, { passive: false });

  return { show, current: () => run };
}
