// Who may ask for what: this extension's own pages (role self), the extensions the person
// put on the agent allow-list (role agent: chrome.storage.local "agentAllowList", edited in
// the side panel), and local programs through axsnap serve / MCP (role outside, control.js).
// The rules are the host's (models/policy.py POLICY → generated CALLER_POLICY); pure
// functions: the service worker reads the list from storage and passes it in.

import { AxError } from '../common/errors.js';
import { CALLER_POLICY } from '../generated/contract.js';

export const ALLOW_LIST_KEY = 'agentAllowList';
/** Message types another extension may send. */
export const AGENT_TYPES = CALLER_POLICY.agent.types;

/** The callers: `role.name` 'self' | 'agent' | 'outside'; `fileUrls`: the person allowed
 * file: pages (outside only, `--allow-file-urls`); `upload`: serve checked the act's paths
 * against the folder the person chose (outside only). */
export const SELF = Object.freeze({ name: 'self' });
export const AGENT = Object.freeze({ name: 'agent' });
export function outsideRole({ fileUrls = false, upload = false } = {}) {
  return Object.freeze({ name: 'outside', fileUrls: fileUrls === true, upload: upload === true });
}

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
 * What a caller other than axsnap may not do that the panel may: types, turning redaction
 * off, uploading files. `msg` is the validated request (router.validateMessage): options
 * are strictly typed there, so `redact` is a boolean here and "false" or 0 never reach this
 * point. `role`: AGENT or an outsideRole.
 */
export function checkCallerMessage(msg, role = AGENT) {
  if (role.name === 'self') return;
  const rules = CALLER_POLICY[role.name];
  const who = role.name === 'agent' ? 'Other extensions' : 'Outside agents';
  if (!rules.types.includes(msg?.type)) {
    throw refuse(`${who} cannot send ${JSON.stringify(String(msg?.type)).slice(0, 40)}.`,
      `They may send: ${rules.types.join(', ')}.`);
  }
  if (msg.type === 'snapshot' && msg.options && msg.options.redact === false && !rules.redact_off) {
    throw refuse(`${who} cannot turn redaction off.`,
      'Send options without redact:false; secrets are masked in every output.');
  }
  if (msg.type === 'act' && msg.raw?.action === 'upload'
      && !(rules.upload === 'checked_by_caller' && role.upload === true)) {
    throw refuse(`${who} cannot upload files${role.name === 'outside' ? ' without a folder the person chose' : ''}.`,
      role.name === 'outside' ? 'The person can allow uploads from one folder: axsnap serve --upload-dir DIR.'
        : 'Uploads go through axsnap serve, from the folder the person chose (--upload-dir).');
  }
}

/** Kept for the agent API's callers: the agent's rules. */
export function checkAgentMessage(msg) {
  checkCallerMessage(msg, AGENT);
}

/**
 * Why `role` may not read, act in or load `url` (a structured error's fields), or null.
 * Outside callers and agents: web pages only (CALLER_POLICY *.page_schemes, about:blank),
 * file: only when the person allowed it. axsnap itself: lib/session/restricted.js alone decides.
 */
export function pageRefusal(url, role) {
  if (role.name === 'self') return null;
  const text = String(url ?? '');
  if (text === '' || text.toLowerCase() === 'about:blank') return null; // loading: attach decides
  let scheme = '';
  try {
    scheme = new URL(text).protocol.slice(0, -1).toLowerCase();
  } catch {
    scheme = '';
  }
  const rules = CALLER_POLICY[role.name];
  if (rules.page_schemes.includes(scheme) || (scheme === 'file' && role.fileUrls === true)) return null;
  const who = role.name === 'agent' ? 'other extensions' : 'outside agents';
  return { code: 'restricted_page', message: `${scheme ? `${scheme}: pages` : 'This page'} cannot be read or loaded by ${who}.`,
    hint: 'Agents read web pages only (http, https); a local file needs the person\'s --allow-file-urls.' };
}
