// Human words for every error a snapshot can end with: a title, what happened, what to do,
// and (when one fixes it) the exact command. Never a stack trace.

import { CHECKOUT_INSTALL_COMMAND, INSTALL_COMMAND } from '../lib/native/native.js';

const KNOWN = {
  restricted_page: {
    title: 'This page cannot be captured',
    hint: 'Browser pages (chrome://, the Web Store, other extensions) are off limits. Open a regular web page in this tab and try again.',
  },
  host_not_found: {
    title: 'The axsnap host is not installed',
    hint: `The panel needs its helper program. Run the command below where axsnap is installed (in an axsnap checkout: \`${CHECKOUT_INSTALL_COMMAND}\`), then try again.`,
    command: INSTALL_COMMAND,
  },
  host_forbidden: {
    title: 'The axsnap host does not accept this extension',
    hint: 'Its registration names another extension ID. Register it again with the command below, then try again.',
    command: INSTALL_COMMAND,
  },
  host_exited: {
    title: 'The axsnap host stopped',
    hint: 'Try again. If it keeps stopping, run the command below to check the installation.',
    command: 'axsnap doctor',
  },
  host_timeout: {
    title: 'The axsnap host took too long',
    hint: 'The page may be very large. Try the viewport only, a single output, or a token budget.',
  },
  debugger_busy: {
    title: 'axsnap could not free this tab\'s debugger',
    hint: 'Another axsnap session holds it. Reload axsnap in chrome://extensions, then try again (DevTools and other extensions do not block it).',
  },
  page_navigated: {
    title: 'The page changed while it was being captured',
    hint: 'The tab navigated away during the snapshot. Wait for the page to finish loading, then try again.',
  },
  dialog_open: {
    title: 'A dialog on the page blocks it',
    hint: 'The page shows an alert, confirm or prompt. Answer it in the tab, then try again.',
  },
  page_busy: {
    title: 'The page does not answer',
    hint: 'A dialog may be open on it, or a script is running. Answer the dialog or wait, then try again.',
  },
  tab_not_found: {
    title: 'The tab is gone',
    hint: 'It was closed or replaced. Focus the tab you want and try again.',
  },
  capture_failed: {
    title: 'The capture failed',
    hint: 'Reload the tab and try again.',
  },
  worker_stopped: {
    title: 'axsnap stopped before it answered',
    hint: 'Chrome stopped axsnap\'s background worker mid-request. Try again: it starts afresh and frees the tab.',
  },
  request_too_large: {
    title: 'The page is too large to send to the host',
    hint: 'Try "Viewport only" or a single output.',
  },
  not_allowed: {
    title: 'Not allowed',
    hint: '',
  },
};

/** The first line of a message, without anything that looks like a stack frame. */
export function cleanMessage(text) {
  const line = String(text ?? '').split('\n').map((l) => l.trim()).find((l) => l && !/^at\s/.test(l)) ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** {code, title, message, hint, command?} for a wire error {code, message, hint}. */
export function humanError(error) {
  const code = typeof error?.code === 'string' && error.code ? error.code : 'internal_error';
  const known = KNOWN[code];
  const message = cleanMessage(error?.message) || 'Something went wrong.';
  const out = {
    code,
    title: known?.title ?? 'Something went wrong',
    message,
    hint: known?.hint || cleanMessage(error?.hint) || 'Try again; if it keeps failing, reload the tab.',
  };
  if (known?.command) out.command = known.command;
  return out;
}
