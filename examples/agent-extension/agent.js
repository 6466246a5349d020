// The loop: ask axsnap for the DOM text of a tab, let the person pick an element by its
// number, act on it in the page, and snapshot again so the next pick sees the new page.

import { actOn } from './act.js';
import { AXSNAP_ID, askAxsnap } from './axsnap.js';

const $ = (id) => document.getElementById(id);
const fixedTab = new URLSearchParams(location.search).get('tabId');
let last = null; // {tabId, elements}

function status(text) {
  $('status').textContent = text;
}

function fail(error) {
  let text = `${error.message}${error.hint ? ` — ${error.hint}` : ''}`;
  if (error.code === 'not_allowed') {
    text += ` (this extension's ID: ${chrome.runtime.id}; axsnap's: ${AXSNAP_ID})`;
  }
  $('error').textContent = text;
  $('error').dataset.code = error.code;
  $('error').hidden = false;
  status('');
}

async function listTabs() {
  const tabs = await chrome.tabs.query({});
  const pages = tabs.filter((t) => /^(https?|file):/.test(t.url ?? ''));
  $('tab').replaceChildren(...pages.map((t) => new Option(`${t.title || t.url} (${t.id})`, String(t.id))));
  if (fixedTab) {
    if (![...$('tab').options].some((o) => o.value === fixedTab)) $('tab').append(new Option(`tab ${fixedTab}`, fixedTab));
    $('tab').value = fixedTab;
  }
}

async function snapshot() {
  $('error').hidden = true;
  const tabId = Number($('tab').value);
  if (!Number.isInteger(tabId)) return fail({ code: 'no_tab', message: 'Pick a tab first.', hint: '' });
  status('Snapshotting…');
  const vision = $('vision').checked;
  const reply = await askAxsnap({ type: 'snapshot', tabId, options: { format: vision ? 'som' : 'domtext' } });
  if (!reply.ok) return fail(reply.error);
  const { domtext, elements, vision: image } = reply.result;
  last = { tabId, elements };
  $('domtext').textContent = domtext;
  $('domtext').hidden = false;
  $('som').hidden = !image?.ok;
  if (image?.ok) $('som').src = `data:image/${image.format};base64,${image.image}`;
  status(`${elements.length} elements in ${Math.round(reply.timings.total_ms)} ms. Type a number below.`);
}

async function act(event) {
  event.preventDefault();
  $('error').hidden = true;
  if (!last) return fail({ code: 'no_snapshot', message: 'Take a snapshot first.', hint: '' });
  const index = Number($('index').value);
  const record = last.elements.find((e) => e.index === index);
  if (!record) return fail({ code: 'no_element', message: `There is no element [${index}] in the last snapshot.`, hint: '' });
  $('picked').textContent = `[${record.index}] <${record.tagName}> ${record.name || record.text || ''}`;
  const action = $('action').value;
  try {
    const done = await actOn(last.tabId, record, action, $('text').value);
    const li = document.createElement('li');
    li.textContent = `${done} [${record.index}] ${record.name || record.text || ''}`.trim();
    $('log').append(li);
  } catch (e) {
    return fail({ code: 'act_failed', message: e?.message ?? String(e), hint: '' });
  }
  await snapshot(); // what the page looks like now
}

$('refresh-tabs').addEventListener('click', listTabs);
$('snapshot').addEventListener('click', snapshot);
$('act-form').addEventListener('submit', act);
listTabs().then(() => { document.body.dataset.ready = '1'; });
