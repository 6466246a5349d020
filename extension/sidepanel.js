// Side panel: one button snapshots the active tab (or ?tabId=N) and shows the result.

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const fixedTabId = params.has('tabId') ? Number(params.get('tabId')) : null;
let lastJson = '';
let lastImage = null; // {format, data} of the last Set-of-Mark image

/**
 * Wire options from the panel's controls. The AX snapshot with Vision becomes format "som"
 * (the image's numbers belong to the DOM text); the DOM format takes vision as an option.
 */
function panelOptions() {
  const format = $('format').value;
  const vision = $('vision').checked;
  if (!vision) return format === 'snapshot' ? {} : { format };
  return format === 'snapshot' ? { format: 'som' } : { format, vision: true };
}

/** The result without the base64 image (shown as a picture, not as text). */
function withoutImage(result) {
  if (!result?.vision?.image) return result;
  const { image, ...vision } = result.vision;
  return { ...result, vision: { ...vision, image: `<${image.length} base64 characters>` } };
}

function showDomView(result) {
  const hasText = typeof result.domtext === 'string';
  $('dom-view').hidden = !hasText;
  $('domtext').textContent = hasText ? result.domtext : '';
  const vision = result.vision;
  $('som').hidden = !vision;
  lastImage = vision?.ok ? { format: vision.format, data: vision.image } : null;
  const img = $('som-image');
  const status = $('vision-status');
  status.classList.toggle('failed', Boolean(vision && !vision.ok));
  if (lastImage) {
    const url = `data:image/${lastImage.format};base64,${lastImage.data}`;
    img.src = url;
    $('som-link').href = url;
    img.hidden = false;
    const legend = vision.legend ?? {};
    status.textContent = `${legend.marks?.length ?? 0} boxes, ${legend.masks?.length ?? 0} masked`;
  } else {
    img.removeAttribute('src');
    $('som-link').removeAttribute('href');
    img.hidden = true;
    status.textContent = vision ? `No image: ${vision.reason}` : '';
  }
  $('download-image').hidden = !lastImage;
}

async function targetTabId() {
  if (Number.isInteger(fixedTabId)) return fixedTabId;
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id ?? null;
}

function setStatus(text) {
  $('status').textContent = text;
}

function showError(error) {
  $('error').hidden = false;
  $('error-message').textContent = error?.message || 'Something went wrong.';
  $('error-code').textContent = error?.code || 'error';
  $('error-hint').textContent = error?.hint || '';
}

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

/** Collapsible JSON tree; children are built when a node is first opened. */
function jsonNode(key, value) {
  if (value === null || typeof value !== 'object') {
    const leaf = document.createElement('div');
    leaf.className = 'leaf';
    const k = document.createElement('span');
    k.className = 'key';
    k.textContent = key === null ? '' : `${key}: `;
    leaf.append(k, JSON.stringify(value));
    return leaf;
  }
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  const size = Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
  summary.textContent = `${key === null ? 'snapshot' : key} ${size}`;
  details.append(summary);
  details.addEventListener('toggle', () => {
    if (!details.open || details.dataset.built) return;
    details.dataset.built = '1';
    for (const [k, v] of Object.entries(value)) details.append(jsonNode(k, v));
  });
  return details;
}

function showResult(reply) {
  const result = reply.result ?? {};
  const payload = result.snapshot ?? withoutImage(result);
  const quality = result.snapshot?.quality ?? {};
  const counts = [['format', result.format ?? 'snapshot']];
  if (result.snapshot) {
    counts.push(['nodes kept', quality.nodes_kept], ['nodes pruned', quality.nodes_pruned],
      ['redacted', quality.redacted], ['frames', `${quality.frames_captured} captured, ${quality.frames_failed} failed`]);
    const st = result.snapshot.stabilization;
    if (st) counts.push(['stabilized', st.stabilized ? `yes (${st.waited_ms} ms)` : `no: ${st.reasons.join(', ')}`]);
  }
  if (Array.isArray(result.elements)) counts.push(['elements', result.elements.length]);
  if (result.vision) counts.push(['vision', result.vision.ok ? 'image drawn' : 'no image']);
  counts.push(['reply', `${reply.sizes?.reply_bytes ?? "?"} bytes in ${reply.sizes?.reply_chunks ?? '?'} frame(s)`]);
  fillList($('counts'), counts);
  const timings = Object.entries(reply.timings ?? {}).filter(([, v]) => typeof v === 'number');
  fillList($('timings'), timings.map(([k, v]) => [k, Math.round(v)]));
  lastJson = JSON.stringify(payload, null, 2);
  const tree = jsonNode(null, payload);
  tree.open = true;
  tree.dispatchEvent(new Event('toggle'));
  $('tree').replaceChildren(tree);
  $('rawjson').textContent = lastJson;
  showDomView(result);
  $('summary').hidden = false;
}

async function snapshot() {
  const button = $('snapshot');
  button.disabled = true;
  $('error').hidden = true;
  setStatus('Capturing…');
  try {
    const tabId = await targetTabId();
    if (tabId === null) throw { code: 'tab_not_found', message: 'There is no active tab.', hint: 'Focus a tab and retry.' };
    const reply = await chrome.runtime.sendMessage({ type: 'snapshot', tabId, options: panelOptions() });
    if (!reply?.ok) {
      showError(reply?.error);
      setStatus('');
      return;
    }
    showResult(reply);
    setStatus(`Done in ${Math.round(reply.timings?.total_ms ?? 0)} ms.`);
  } catch (e) {
    showError({ code: e?.code ?? 'internal_error', message: e?.message ?? String(e), hint: e?.hint ?? '' });
    setStatus('');
  } finally {
    button.disabled = false;
  }
}

$('snapshot').addEventListener('click', snapshot);
$('copy').addEventListener('click', async () => {
  await navigator.clipboard.writeText(lastJson);
  setStatus('Copied.');
});
$('download').addEventListener('click', () => {
  const url = URL.createObjectURL(new Blob([lastJson], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `axsnap-${Date.now()}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
});
$('download-image').addEventListener('click', () => {
  if (!lastImage) return;
  const a = document.createElement('a');
  a.href = `data:image/${lastImage.format};base64,${lastImage.data}`;
  a.download = `axsnap-som-${Date.now()}.${lastImage.format === 'jpeg' ? 'jpg' : 'png'}`;
  a.click();
});
$('raw').addEventListener('change', (e) => {
  $('rawjson').hidden = !e.target.checked;
  $('tree').hidden = e.target.checked;
});
if (Number.isInteger(fixedTabId)) $('target').textContent = `Tab ${fixedTabId}`;

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
takeRequest();
