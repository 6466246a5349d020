// One run of the panel: the wire requests of the options (see options.js), one after
// another, into a run record that every view and the history read.

import { applyDelta } from './deltaapply.js';
import { requestsFor } from './options.js';

let counter = 0;

/**
 * Run the requests for `options` on `tabId`. `send(message, onEvent)` resolves with a reply;
 * `onProgress(partIndex, event)` hears each stage; `onPart(partIndex)` hears a part start;
 * `findBase(snapshotId)` returns a full outline result kept from an earlier run (or null).
 * Resolves with {id, at, tabId, url, title, options, unredacted, parts, error?, errorPart?,
 * outlineFull?, outlineNote?}: the run stops at the first failed part, keeping what came
 * before. When the outline reply is a delta, outlineFull is the outline it stands for.
 */
export async function runSnapshot({ tabId, options, tab = {}, send, onPart, onProgress, findBase = () => null, now = Date.now }) {
  counter += 1;
  const requests = requestsFor(options);
  const run = {
    id: `${now().toString(36)}-${counter}`,
    at: now(),
    tabId,
    url: tab.url ?? '',
    title: tab.title ?? '',
    options,
    unredacted: options.redact === false,
    parts: {},
  };
  for (const [i, req] of requests.entries()) {
    onPart?.(i, req);
    const reply = await send({ type: 'snapshot', tabId, options: req.options }, (event) => onProgress?.(i, event));
    if (!reply?.ok) {
      run.error = reply?.error ?? { code: 'internal_error', message: 'The extension gave no reply.', hint: '' };
      run.errorPart = req.part;
      break;
    }
    run.parts[req.part] = reply;
  }
  await rebuildOutline(run, findBase);
  const snap = run.parts.snapshot?.result?.snapshot;
  if (snap?.tab) {
    run.url = snap.tab.url ?? run.url;
    run.title = snap.tab.title ?? run.title;
  }
  return run;
}

/** A delta reply holds only the changes: rebuild the full outline from the base it names. */
async function rebuildOutline(run, findBase) {
  const result = run.parts.outline?.result;
  if (!result?.delta?.applied) return;
  const base = findBase(result.delta.base_snapshot_id);
  if (!base) {
    run.outlineNote = `This reply holds only the changes since ${result.delta.base_snapshot_id}, which this panel did not keep: see the Delta tab.`;
    return;
  }
  try {
    const { full, verified } = await applyDelta(base, result);
    run.outlineFull = full;
    run.outlineNote = verified
      ? `Rebuilt from the previous outline and the delta (hash checked).`
      : 'Rebuilt from the previous outline and the delta, but its hash differs from the host\'s: treat it with care.';
  } catch (e) {
    run.outlineNote = `The delta does not apply to the outline this panel kept (${e?.message ?? e}): see the Delta tab.`;
  }
}
