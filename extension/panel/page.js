// The "Page" view: page understanding (format "semantic") for a person — the page type with
// its score, what can be done here (intents and their controls), the regions with their
// elements by semantic id, hidden instructions that were found, and the content by
// attention. Plain DOM nodes, text only (never innerHTML: the page's words are data).

const el = (tag, text, className) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
};

/** One line per part of the semantic result, as [kind, text] (also what the tests read). */
export function pageLines(semantic) {
  const page = semantic?.page;
  if (!page) return [];
  const score = page.scores?.[page.type];
  const lines = [['type', `${page.type}${typeof score === 'number' ? ` · score ${score.toFixed(2)}` : ''}`],
    ['summary', page.summary]];
  for (const intent of page.intents ?? []) {
    lines.push(['intent', intent.controls.length ? `${intent.intent}: ${intent.controls.join(', ')}` : intent.intent]);
  }
  for (const flag of semantic.suspicious ?? []) {
    lines.push(['suspicious', `hidden instruction (${flag.reasons.join(', ')}) in ${flag.region || 'the page'}, left out`]);
  }
  const byId = new Map((semantic.elements ?? []).map((e) => [e.id, e]));
  for (const region of page.regions ?? []) {
    lines.push(['region', `${region.id} (${region.source})${region.label ? ` "${region.label}"` : ''}`]);
    for (const id of region.elements) {
      const e = byId.get(id);
      lines.push(['element', e ? `${id} — ${e.type}${e.label ? ` "${e.label}"` : ''}` : id]);
    }
  }
  for (const section of semantic.content ?? []) {
    lines.push(['content', `${section.attention.toFixed(2)} ${section.tag}: ${section.text}`]);
  }
  return lines;
}

/** Fill `container` with the view of one semantic result (or a note when there is none). */
export function renderPage(container, semantic) {
  container.replaceChildren();
  if (!semantic?.page) return;
  const page = semantic.page;
  const score = page.scores?.[page.type];
  const head = el('p', undefined, 'page-type');
  head.append(el('strong', page.type), el('span', typeof score === 'number' ? ` score ${score.toFixed(2)}` : '', 'muted'));
  container.append(head, el('p', page.summary, 'page-summary'));
  const flags = semantic.suspicious ?? [];
  if (flags.length) {
    const warn = el('p', `${flags.length} hidden instruction${flags.length > 1 ? 's' : ''} found and left out: `
      + flags.map((f) => f.reasons.join('+')).join(', '), 'page-warning');
    warn.setAttribute('role', 'note');
    container.append(warn);
  }
  container.append(el('h3', 'What you can do here'));
  const intents = el('ul', undefined, 'page-list');
  intents.setAttribute('aria-label', 'Intents');
  for (const intent of page.intents ?? []) {
    const li = el('li');
    li.append(el('strong', intent.intent.replace(/_/g, ' ')));
    if (intent.controls.length) li.append(' ', el('code', intent.controls.join(', ')));
    intents.append(li);
  }
  if (!intents.children.length) intents.append(el('li', 'Nothing found.', 'muted'));
  container.append(intents, el('h3', 'Regions'));
  const byId = new Map((semantic.elements ?? []).map((e) => [e.id, e]));
  const regions = el('ul', undefined, 'page-list');
  regions.setAttribute('aria-label', 'Regions');
  for (const region of page.regions ?? []) {
    const li = el('li');
    li.append(el('strong', region.id), el('span', ` ${region.source}`, 'muted'));
    const inner = el('ul');
    for (const id of region.elements) {
      const e = byId.get(id);
      const item = el('li');
      item.append(el('code', id), ` ${e?.type ?? ''}${e?.label ? ` "${e.label}"` : ''}`);
      inner.append(item);
    }
    if (inner.children.length) li.append(inner);
    regions.append(li);
  }
  container.append(regions, el('h3', 'Content by attention'));
  const content = el('ol', undefined, 'page-list');
  content.setAttribute('aria-label', 'Content');
  for (const section of semantic.content ?? []) {
    const li = el('li');
    li.append(el('span', `${section.attention.toFixed(2)} ${section.tag} `, 'muted'), section.text);
    content.append(li);
  }
  container.append(content);
}
