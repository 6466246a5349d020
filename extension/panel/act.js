// The panel's "Act" box: one step in words ("click \"Sign in\"", "fill \"Email\" ada@x.org",
// "press Enter", "back"), sent as an act message for the panel's tab; the ActionResult is
// shown. The step takes the options of `axsnap act` after it: --force, --timeout-ms N,
// --dialog accept|dismiss and readiness's --quiet-ms N, --max-wait-ms N,
// --max-pending-requests N, --no-settle.

import { ACTIONS, READY_OPTIONS, TARGETLESS_ACTIONS } from '../lib/generated/contract.js';

const TARGETLESS = new Set(TARGETLESS_ACTIONS);
const HISTORY = new Set(['back', 'forward', 'reload']);
const READY_FLAGS = Object.freeze(Object.fromEntries(Object.keys(READY_OPTIONS)
  .filter((key) => READY_OPTIONS[key].kind === 'integer').map((key) => [`--${key.replace(/_/g, '-')}`, key])));

/** The options after a step's words ({options, words}); throws Error with a sentence. */
export function stepOptions(words) {
  const options = {};
  const ready = {};
  const rest = [];
  const number = (flag, text) => {
    if (!/^\d+$/.test(String(text ?? ''))) throw new Error(`${flag} takes a whole number of milliseconds (or requests)`);
    return Number(text);
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '--force') options.force = true;
    else if (word === '--no-settle') ready.settle = false;
    else if (word === '--timeout-ms') options.timeout_ms = number(word, words[++i]);
    else if (word === '--dialog') {
      const answer = words[++i];
      if (answer !== 'accept' && answer !== 'dismiss') throw new Error('--dialog accept or --dialog dismiss');
      options.dialog = answer;
    } else if (READY_FLAGS[word]) {
      const key = READY_FLAGS[word];
      const value = number(word, words[++i]);
      if (value < READY_OPTIONS[key].min || value > READY_OPTIONS[key].max) {
        throw new Error(`${word} is from ${READY_OPTIONS[key].min} to ${READY_OPTIONS[key].max}`);
      }
      ready[key] = value;
    } else if (word.startsWith('--')) {
      throw new Error(`Unknown option ${word}: --force, --timeout-ms, --dialog, ${Object.keys(READY_FLAGS).join(', ')}, --no-settle`);
    } else rest.push(word);
  }
  if (Object.keys(ready).length) options.ready = ready;
  return { options, words: rest };
}

/** Split a step like a shell would: words, "double quoted" or 'single quoted' pieces. */
export function splitWords(text) {
  const words = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(String(text ?? ''))) !== null) {
    words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2] ?? m[3]);
  }
  return words;
}

/** A step → the act message's {action, target, value, to}; throws Error with a sentence. */
export function parseStep(text) {
  const { options, words } = stepOptions(splitWords(text));
  const step = parseWords(words);
  return Object.keys(options).length ? { ...step, options } : step;
}

function parseWords([action, ...args]) {
  if (!ACTIONS.includes(action)) throw new Error(`Start with an action: ${ACTIONS.join(', ')}.`);
  const target = (s) => (/^\d+$/.test(s) ? Number(s) : s);
  if (HISTORY.has(action)) {
    if (args.length) throw new Error(`${action} takes no target`);
    return { action, target: null, value: null };
  }
  if (TARGETLESS.has(action) && args.length === 1) return { action, target: null, value: args[0] };
  if (action === 'drag') {
    if (args.length !== 2) throw new Error('drag "from" "to"');
    return { action, target: target(args[0]), value: null, to: target(args[1]) };
  }
  if (args.length < 1 || args.length > 2) throw new Error(`${action} "target" [value]`);
  return { action, target: target(args[0]), value: args[1] ?? null };
}

/** What the change report says beyond its counts, as the CLI and MCP say it
 * (host/axsnap_host/render/act_changes.py change_lines): dialogs, in-page dialogs opened and
 * closed, messages that appeared, texts that changed, forms submitted. */
export function changeLines(c) {
  const lines = (c.dialogs_opened ?? []).map((d) => `dialog ${d.type} ${d.handled}: ${d.message}`);
  for (const name of c.modals_opened ?? []) lines.push(`dialog opened: ${name}`);
  for (const name of c.modals_closed ?? []) lines.push(`dialog closed: ${name}`);
  for (const m of c.messages ?? []) lines.push(`${m.kind}: ${m.text}`);
  for (const { was = '', now = '' } of c.texts ?? []) {
    lines.push(was && now ? `text: '${was}' → '${now}'` : now ? `text shown: '${now}'` : `text gone: '${was}'`);
  }
  for (const f of c.submitted ?? []) {
    lines.push(`form submitted: ${f.form || f.action || 'a form'}${f.prevented === true ? " (the page's script took it over)" : ''}`);
  }
  return lines;
}

/** One line per fact of an ActionResult (the reply's `result`). */
export function describeResult(result) {
  const lines = [];
  const t = result.target;
  const who = t ? `${t.index ? `[${t.index}] ` : ''}${t.tag ? `<${t.tag}> ` : ''}${t.label ? `"${t.label}"` : t.id ?? ''}` : 'the page';
  if (result.ok) {
    lines.push(`${result.action} ${who}: done${result.method ? ` (${result.method})` : ''}`);
    if (result.offscreen) lines.push('the target was out of view: scrolled into view first');
    if (result.through === 'label') lines.push('clicked through its label (the control itself is hidden or covered)');
    const c = result.changes;
    if (c) {
      lines.push(`changed ${c.dom.changed.length}, added ${c.dom.added.length}, removed ${c.dom.removed.length}${c.navigated ? '; navigated' : ''}`);
      if (c.value !== null && c.value !== undefined) lines.push(`value: ${c.value}`);
      lines.push(...changeLines(c), ...(c.dom.lines ?? []));
    }
    const r = result.readiness;
    if (r) lines.push(`ready after ${r.waited_ms} ms${r.ended_by ? ` (${r.ended_by})` : ''}${r.reasons.length ? ` (${r.reasons.join(', ')})` : ''}`);
    for (const tab of result.opened_tabs ?? []) lines.push(`opened tab ${tab.tabId}: ${tab.url}`);
  } else {
    const e = result.error ?? {};
    lines.push(`${result.action} ${who}: refused [${e.code}] ${e.message}`);
    if (e.hint) lines.push(e.hint);
    for (const c of e.candidates ?? []) lines.push(`  [${c.index ?? '-'}] ${c.id ?? ''} ${c.role} "${c.label}" ${c.score}`);
  }
  return lines.join('\n');
}

/** Wire the box: `$` finds elements by id, `tabId()` gives the panel's tab, `send` asks. */
export function setupAct($, { tabId, send }) {
  const form = $('act-form');
  if (!form) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const out = $('act-result');
    let step;
    try {
      step = parseStep($('act-step').value);
    } catch (e) {
      out.textContent = e.message;
      return;
    }
    $('act-run').disabled = true;
    out.textContent = 'Acting…';
    try {
      const tab = await tabId();
      const reply = await send({ type: 'act', ...(Number.isInteger(tab) ? { tabId: tab } : {}), ...step });
      out.textContent = reply.ok ? describeResult(reply.result) : `${reply.error.code}: ${reply.error.message}\n${reply.error.hint ?? ''}`;
      out.dataset.ok = reply.ok && reply.result.ok ? '1' : '0';
    } finally {
      $('act-run').disabled = false;
    }
  });
}
