// A tab whose page is blocked: an open JavaScript dialog (alert, confirm, prompt) or a
// script that runs on holds the renderer, and every command that needs it (a capture's
// first read, a click) waits without end. A probe that needs the renderer — evaluating `0`,
// which changes nothing — runs beside a read: when it does not answer within its time the
// read is answered at once with a structured error, naming the dialog when axsnap saw it
// open (an act that stopped answering a page's dialogs leaves it open and notes it here).

import { AxError } from '../common/errors.js';

/** How long the probe may take before the page counts as blocked. */
export const PROBE_MS = 3000;
/** ...when axsnap saw a dialog open on the tab and nothing since said it closed. */
export const KNOWN_DIALOG_PROBE_MS = 300;
/** A later probe, while the tab answers no other command either. */
export const STALL_MS = 10000;
const HEARTBEAT_MS = 1000;
const CHECK_MS = 100;

const openDialogs = new Map(); // tabId -> {type, message}

/** A dialog axsnap saw open on `tabId` and left open (it is the page's or the person's). */
export function noteDialogOpen(tabId, dialog) {
  openDialogs.set(tabId, { type: String(dialog.type ?? ''), message: String(dialog.message ?? '') });
}

export function noteDialogClosed(tabId) {
  openDialogs.delete(tabId);
}

export function knownDialog(tabId) {
  return openDialogs.get(tabId) ?? null;
}

function shortText(text, max = 120) {
  const one = String(text).replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** The error for a tab that does not answer. */
export function blockedError(tabId, waitedMs) {
  const dialog = knownDialog(tabId);
  if (dialog) {
    const err = new AxError('dialog_open',
      `A JavaScript ${dialog.type || 'dialog'} is open on the tab ("${shortText(dialog.message)}"): `
      + 'the page answers nothing until it is closed.',
      'Close it: act with options.dialog "accept" or "dismiss" answers it first, or answer it in the browser.');
    err.dialog = { ...dialog, message: shortText(dialog.message, 500) };
    return err;
  }
  return new AxError('page_busy',
    `The page did not answer within ${waitedMs} ms: a JavaScript dialog (alert, confirm, prompt) `
    + 'is open on it, or a page script runs without end.',
    'Close the dialog in the browser (or act with options.dialog to answer it), or wait for the script and read again.');
}

/**
 * `work()` with a probe beside it: its answer, or the blocked error when the page is. The
 * probe asks the renderer for `0` at once and again each HEARTBEAT_MS while the work runs;
 * the page is blocked when the first probe goes unanswered for PROBE_MS (KNOWN_DIALOG_PROBE_MS
 * for a tab axsnap saw a dialog left open on), or a later one for STALL_MS while no other
 * command of the tab was answered either (a long capture command is busy, not blocked).
 */
export async function unlessBlocked(session, tabId, work, { timers = globalThis, now = Date.now } = {}) {
  const firstMs = knownDialog(tabId) ? KNOWN_DIALOG_PROBE_MS : PROBE_MS;
  let finished = false;
  let pending = null; // {sentAt, first}
  let timer = null;
  let fail = () => {};
  const blocked = new Promise((_, reject) => { fail = reject; });
  blocked.catch(() => {});
  const answeredAt = () => session.attachment?.answeredAt ?? 0;
  const probe = (first) => {
    if (finished) return;
    const asked = { sentAt: now(), first };
    pending = asked;
    session.send('Runtime.evaluate', { expression: '0', returnByValue: true }).then(() => {
      if (pending === asked) pending = null;
      noteDialogClosed(tabId);
      if (!finished) timer = timers.setTimeout(() => probe(false), HEARTBEAT_MS);
    }, () => {
      if (pending === asked) pending = null; // no answer to judge by (a context going away)
      if (!finished) timer = timers.setTimeout(() => probe(false), HEARTBEAT_MS);
    });
  };
  const check = () => {
    if (finished) return;
    if (pending) {
      const waited = now() - pending.sentAt;
      const limit = pending.first ? firstMs : STALL_MS;
      if (waited >= limit && (pending.first || now() - answeredAt() >= limit)) {
        fail(blockedError(tabId, Math.round(waited)));
        return;
      }
    }
    checker = timers.setTimeout(check, CHECK_MS);
  };
  let checker = timers.setTimeout(check, CHECK_MS);
  probe(true);
  try {
    return await Promise.race([work(), blocked]);
  } finally {
    finished = true;
    timers.clearTimeout(timer);
    timers.clearTimeout(checker);
  }
}
