// Who may ask for snapshots: this extension's own pages, and the extensions the person put
// on the agent allow-list (chrome.storage.local "agentAllowList", edited in the side panel).
// Pure functions: the service worker reads the list from storage and passes it in.

import { AxError } from './errors.js';

export const ALLOW_LIST_KEY = 'agentAllowList';
/** Message types another extension may send. */
export const AGENT_TYPES = Object.freeze(['snapshot', 'resolve', 'ping_host', 'act', 'find', 'wait_ready', 'scroll_and_collect']);

const EXTENSION_ID = /^[a-p]{32}$/;

export function isExtensionId(value) {
  return typeof value === 'string' && EXTENSION_ID.test(value);
}

/**
 * Parse the panel's allow-list field: IDs separated by whitespace or commas (an extension
 * page URL is accepted and reduced to its ID). Returns {ids, invalid} without duplicates.
 */
export function parseAllowList(text) {
  const ids = [];
  const invalid = [];
  for (const raw of String(text ?? '').split(/[\s,]+/)) {
    if (!raw) continue;
    const fromUrl = /^chrome-extension:\/\/([^/]+)/i.exec(raw);
    const id = (fromUrl ? fromUrl[1] : raw).toLowerCase();
    if (!isExtensionId(id)) invalid.push(raw);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, invalid };
}

/** The stored list, whatever storage holds: only well-formed, unique IDs survive. */
export function normalizeAllowList(stored) {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter(isExtensionId))];
}

function refuse(message, hint) {
  return new AxError('not_allowed', message, hint);
}

/**
 * Throw not_allowed unless `sender` may send requests: this extension (its pages or its
 * service worker) or an extension on `allowList` (its pages or service worker; never its
 * content scripts, which run inside web pages). Returns 'self' or 'agent'.
 */
export function checkSender(sender, ownId, allowList = []) {
  if (!sender || typeof sender.id !== 'string') {
    throw refuse('Requests from web pages are not allowed.', 'Ask from an extension page.');
  }
  const self = sender.id === ownId;
  if (!self && !normalizeAllowList(allowList).includes(sender.id)) {
    throw refuse(`The extension ${sender.id} is not allowed to use axsnap.`,
      `Open the axsnap side panel → Agent access, add ${sender.id} to the allow-list, and retry.`);
  }
  const url = String(sender.url ?? '');
  if (url && !url.startsWith(`chrome-extension://${sender.id}/`)) {
    throw refuse('Requests from content scripts or web pages are not allowed.',
      self ? "Ask from an axsnap extension page." : "Ask from one of your extension's own pages or its service worker.");
  }
  return self ? 'self' : 'agent';
}

/**
 * What an allowed agent may not do that the panel may: types, and turning redaction off.
 * `msg` is the validated request (router.validateMessage): options are strictly typed
 * there, so `redact` is a boolean here and "false" or 0 never reach this point.
 */
export function checkAgentMessage(msg) {
  if (!AGENT_TYPES.includes(msg?.type)) return; // validateMessage answers unknown types
  if (msg.type === 'snapshot' && msg.options && msg.options.redact === false) {
    throw refuse('Other extensions cannot turn redaction off.',
      'Send options without redact:false; secrets are masked in every output.');
  }
}
