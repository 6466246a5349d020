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
 * probe asks the renderer for `0` once, at the start: the page is blocked when it goes
 * unanswered for PROBE_MS (KNOWN_DIALOG_PROBE_MS for a tab axsnap saw a dialog left open on).
 * (`probe`: a renderer command sent just before instead, after the Page enable.)
 * A dialog the page opens later, while the work runs, is told by its own event
 * (Page.javascriptDialogOpening) and answered at once with dialog_open. A renderer that
 * stops answering later for another reason is not judged by time here: a long capture
 * command on a big page at high load looks the same, and each step's own deadline answers.
 */
export async function unlessBlocked(session, tabId, work, { timers = globalThis, now = Date.now, probe = null } = {}) {
  const firstMs = knownDialog(tabId) ? KNOWN_DIALOG_PROBE_MS : PROBE_MS;
  let finished = false;
  let fail = () => {};
  const blocked = new Promise((_, reject) => { fail = reject; });
  blocked.catch(() => {});
  // Page events for the work's span, asked BEFORE the probe and not awaited (a renderer held
  // by a dialog may not answer the enable; the probe tells that case). The order closes a
  // window: Chromium tells Page.javascriptDialogOpening only to sessions with Page enabled
  // when the dialog opens, and never again later. The browser turns a session's Page events
  // on as the enable passes it, before the probe sent after it reaches the renderer: a probe
  // that answers proves every dialog opened since will be told. Probe first, a dialog opened
  // between the probe's answer and the enable went untold, and the read waited on a renderer
  // that a dialog held (a CI failure at load: a 120 s client timeout instead of dialog_open).
  const pageUse = session.usePage?.();
  pageUse?.catch?.(() => {});
  const sentAt = now();
  let answered = false;
  // `probe`: a command the work sent to the renderer just now (after the enable), whose answer
  // tells the same (the act's first read of the page: act_baseline.js askKept)
  (probe ?? session.send('Runtime.evaluate', { expression: '0', returnByValue: true })).then(() => {
    answered = true;
    noteDialogClosed(tabId);
  }, () => { answered = true; }); // no answer to judge by (a context going away)
  const check = () => {
    if (finished || answered) return;
    const waited = now() - sentAt;
    if (waited >= firstMs) {
      fail(blockedError(tabId, Math.round(waited)));
      return;
    }
    checker = timers.setTimeout(check, CHECK_MS);
  };
  let checker = timers.setTimeout(check, CHECK_MS);
  const offDialog = session.onEvent?.((method, params) => {
    if (method !== 'Page.javascriptDialogOpening' || finished) return;
    noteDialogOpen(tabId, { type: params?.type, message: params?.message });
    fail(blockedError(tabId, Math.round(now() - sentAt)));
  });
  try {
    return await Promise.race([work(), blocked]);
  } finally {
    finished = true;
    timers.clearTimeout(checker);
    offDialog?.();
    pageUse?.then?.((release) => release?.(), () => {});
  }
}
