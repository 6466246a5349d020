// Side panel: "Snapshot this tab" for the active tab (or ?tabId=N), its progress, every
// output, the options (chrome.storage.local), the history of this session
// (chrome.storage.session) and the agent allow-list. The views live in panel/.

import { ALLOW_LIST_KEY, normalizeAllowList, parseAllowList } from './lib/router/policy.js';
import { setupAccess } from './panel/access.js';
import { setupAct } from './panel/act.js';
import { request } from './panel/client.js';
import { humanError } from './panel/errors.js';
import { optionsSummary, readForm, updateEnabled, writeForm } from './panel/form.js';
import { HISTORY_KEY, describeRun, pushRun, storeHistory } from './panel/history.js';
import { OPTIONS_KEY, normalizeOptions, requestsFor } from './panel/options.js';
import { applyEvent, finishPart, headline, stageRows, startProgress } from './panel/progress.js';
import { createResultView } from './panel/resultview.js';
import { runSnapshot } from './panel/run.js';
import { setupTabs } from './panel/tabs.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const fixedTabId = params.has('tabId') ? Number(params.get('tabId')) : null;

let options = normalizeOptions({});
let history = [];
let busy = false;

function setStatus(text) {
  $('status').textContent = text;
}

const view = createResultView({ setStatus });
setupTabs($('output-tabs'));

// ---------------------------------------------------------------- target tab

async function targetTab() {
  if (Number.isInteger(fixedTabId)) return chrome.tabs.get(fixedTabId).catch(() => ({ id: fixedTabId }));
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab ?? null;
}

async function showTarget() {
  const tab = await targetTab().catch(() => null);
  const name = tab?.title || tab?.url || '';
  $('target').textContent = tab ? `Tab ${tab.id}${name ? `: ${name}` : ''}` : 'No active tab';
}

// ---------------------------------------------------------------- errors

function showError(error) {
  const human = humanError(error);
  $('error-title').textContent = human.title;
  $('error-message').textContent = human.message;
  $('error-hint').textContent = human.hint;
  $('error-code').textContent = human.code;
  $('error-command').hidden = !human.command;
  $('install-command').textContent = human.command ?? '';
  $('error').hidden = false;
}

$('copy-command').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText($('install-command').textContent);
    setStatus('Copied the command.');
  } catch {
    setStatus('Select the command and copy it.');
  }
});

// ---------------------------------------------------------------- progress

function renderProgress(progress) {
  setStatus(headline(progress));
  $('stages').replaceChildren(...stageRows(progress).map((row) => {
    const li = document.createElement('li');
    li.className = row.running ? 'running' : 'done';
    li.textContent = progress.parts.length > 1 ? `${row.part}: ${row.text}` : row.text;
    return li;
  }));
}

// ---------------------------------------------------------------- snapshot

async function snapshot() {
  if (busy) return;
  busy = true;
  const button = $('snapshot');
  // aria-disabled, not disabled: a disabled button drops the keyboard focus
  button.setAttribute('aria-disabled', 'true');
  button.setAttribute('aria-busy', 'true');
  $('spinner').hidden = false;
  $('error').hidden = true;
  const started = performance.now();
  try {
    const tab = await targetTab();
    if (!tab) {
      showError({ code: 'tab_not_found', message: 'There is no active tab.' });
      setStatus('');
      return;
    }
    const progress = startProgress(requestsFor(options));
    const run = await runSnapshot({
      tabId: tab.id,
      tab,
      options,
      send: request,
      findBase: keptOutline,
      onPart: (i) => {
        if (i > 0) finishPart(progress, i - 1);
        progress.current = i;
        renderProgress(progress);
      },
      onProgress: (i, event) => renderProgress(applyEvent(progress, i, event)),
    });
    if (Object.keys(run.parts).length) view.show(run);
    else $('summary').hidden = true; // an older result under a new error would mislead
    if (run.error) {
      showError(run.error);
      setStatus(Object.keys(run.parts).length ? 'Failed part way; the outputs below are from the parts that finished.' : '');
    } else {
      setStatus(`Done in ${Math.round(performance.now() - started)} ms.`);
    }
    await remember(run);
    showTarget();
  } catch (e) {
    showError({ code: e?.code ?? 'internal_error', message: e?.message ?? String(e) });
    setStatus('');
  } finally {
    busy = false;
    button.removeAttribute('aria-disabled');
    button.removeAttribute('aria-busy');
    $('spinner').hidden = true;
  }
}

/** A full outline this panel kept (in its history) with that snapshot id: a delta's base. */
function keptOutline(snapshotId) {
  for (const run of history) {
    const full = run.outlineFull ?? run.parts?.outline?.result;
    if (full?.snapshot_id === snapshotId && typeof full.combinedTree === 'string') return full;
  }
  return null;
}

$('snapshot').addEventListener('click', snapshot);

// ---------------------------------------------------------------- history

function renderHistory() {
  $('history-empty').hidden = history.length > 0;
  $('clear-history').hidden = history.length === 0;
  $('history-list').replaceChildren(...history.map((run) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'link';
    b.textContent = describeRun(run);
    b.addEventListener('click', () => {
      $('error').hidden = true;
      if (Object.keys(run.parts ?? {}).length) view.show(run);
      else $('summary').hidden = true;
      if (run.error) showError(run.error);
      setStatus(`Showing the snapshot of ${new Date(run.at).toLocaleTimeString()}.`);
    });
    li.append(b);
    return li;
  }));
}

async function remember(run) {
  history = pushRun(history, run);
  renderHistory();
  history = await storeHistory(history, (list) => chrome.storage.session.set({ [HISTORY_KEY]: list }));
}

$('clear-history').addEventListener('click', async () => {
  history = [];
  renderHistory();
  await chrome.storage.session.remove(HISTORY_KEY);
});

// ---------------------------------------------------------------- options

async function saveOptions() {
  options = readForm();
  updateEnabled(options);
  $('options-summary').textContent = `(${optionsSummary(options)})`;
  $('redaction-off').hidden = options.redact;
  await chrome.storage.local.set({ [OPTIONS_KEY]: options });
  $('options-status').textContent = 'Saved.';
}

$('options').addEventListener('submit', (e) => e.preventDefault());
$('options').addEventListener('change', (e) => {
  if (e.target.id === 'redact') return; // asks first
  saveOptions();
});
$('redact').addEventListener('change', () => {
  if ($('redact').checked) {
    saveOptions();
    return;
  }
  $('redact').checked = true; // stays on until the person confirms
  $('redact-dialog').showModal();
});
$('redact-keep').addEventListener('click', () => $('redact-dialog').close());
$('redact-off').addEventListener('click', () => {
  $('redact').checked = false;
  $('redact-dialog').close();
  saveOptions();
});

// ---------------------------------------------------------------- agent allow-list

$('own-id').textContent = chrome.runtime.id;
$('save-allow-list').addEventListener('click', async () => {
  const { ids, invalid } = parseAllowList($('allow-list').value);
  if (invalid.length) {
    $('allow-status').textContent = `Not an extension ID: ${invalid.join(', ')}. IDs are 32 letters a–p.`;
    return;
  }
  await chrome.storage.local.set({ [ALLOW_LIST_KEY]: ids });
  $('allow-list').value = ids.join('\n');
  $('allow-status').textContent = ids.length ? `Saved: ${ids.length} extension${ids.length === 1 ? '' : 's'} allowed.` : 'Saved: no extension is allowed.';
});

// ---------------------------------------------------------------- start-up

async function start() {
  const stored = await chrome.storage.local.get([OPTIONS_KEY, ALLOW_LIST_KEY]);
  options = normalizeOptions(stored[OPTIONS_KEY]);
  writeForm(options);
  $('options-summary').textContent = `(${optionsSummary(options)})`;
  $('redaction-off').hidden = options.redact;
  $('allow-list').value = normalizeAllowList(stored[ALLOW_LIST_KEY]).join('\n');
  const session = await chrome.storage.session.get(HISTORY_KEY);
  history = Array.isArray(session[HISTORY_KEY]) ? session[HISTORY_KEY] : [];
  renderHistory();
  showTarget();
  await setupAccess($);
  setupAct($, { tabId: async () => (await targetTab())?.id, send: (message) => request(message) });
  document.body.dataset.ready = '1';
  takeRequest();
}

if (!Number.isInteger(fixedTabId)) chrome.tabs.onActivated.addListener(() => showTarget());

// The keyboard command asks the panel to snapshot (the service worker cannot click for us).
async function takeRequest() {
  const { snapshotRequest } = await chrome.storage.session.get('snapshotRequest');
  if (!snapshotRequest || Date.now() - snapshotRequest.at > 10_000) return;
  await chrome.storage.session.remove('snapshotRequest');
  snapshot();
}
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'session' && changes.snapshotRequest?.newValue) takeRequest();
});

start();
