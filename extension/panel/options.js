// The panel's options: what persists in chrome.storage.local, and the wire requests they
// make. Names, bounds and defaults are SnapshotOptions' (host/axsnap_host/models/options.py,
// through the generated ../lib/generated/contract.js); the one panel-only value is format
// "all" (the AX snapshot, the DOM text, the outline and the page understanding, one after
// another), and the panel
// shows the Set-of-Mark image by default.

import { OPTIONS } from '../lib/generated/contract.js';

export const OPTIONS_KEY = 'panelOptions';
export const PANEL_FORMATS = Object.freeze(['all', 'snapshot', 'domtext', 'outline', 'semantic']);

const STABILIZE = OPTIONS.stabilize.fields;

export const DEFAULTS = Object.freeze({
  format: 'all',
  viewport_only: OPTIONS.viewport_only.default,
  vision: true,
  compact: OPTIONS.compact.default,
  compression: OPTIONS.compression.default,
  max_tokens: OPTIONS.max_tokens.default,
  redact: OPTIONS.redact.default,
  stabilize: Object.freeze({
    enabled: STABILIZE.enabled.default, quiet_ms: STABILIZE.quiet_ms.default, max_wait_ms: STABILIZE.max_wait_ms.default,
  }),
});

const range = (rule) => [rule.min, rule.max];
const BOUNDS = {
  quiet_ms: range(STABILIZE.quiet_ms), max_wait_ms: range(STABILIZE.max_wait_ms), max_tokens: range(OPTIONS.max_tokens),
};

function integer(value, [low, high], fallback) {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(high, Math.max(low, Math.round(n)));
}

const bool = (value, fallback) => (typeof value === 'boolean' ? value : fallback);

/** Whatever storage (or a form) holds → complete, valid panel options. */
export function normalizeOptions(stored) {
  const s = stored && typeof stored === 'object' ? stored : {};
  const st = s.stabilize && typeof s.stabilize === 'object' ? s.stabilize : {};
  const budget = s.max_tokens === null || s.max_tokens === '' || s.max_tokens === undefined
    ? null : integer(s.max_tokens, BOUNDS.max_tokens, null);
  return {
    format: PANEL_FORMATS.includes(s.format) ? s.format : DEFAULTS.format,
    viewport_only: bool(s.viewport_only, DEFAULTS.viewport_only),
    vision: bool(s.vision, DEFAULTS.vision),
    compact: bool(s.compact, DEFAULTS.compact),
    compression: OPTIONS.compression.values.includes(s.compression) ? s.compression : DEFAULTS.compression,
    max_tokens: budget,
    redact: bool(s.redact, DEFAULTS.redact),
    stabilize: {
      enabled: bool(st.enabled, DEFAULTS.stabilize.enabled),
      quiet_ms: integer(st.quiet_ms, BOUNDS.quiet_ms, DEFAULTS.stabilize.quiet_ms),
      max_wait_ms: integer(st.max_wait_ms, BOUNDS.max_wait_ms, DEFAULTS.stabilize.max_wait_ms),
    },
  };
}

export const PART_LABELS = Object.freeze({
  snapshot: 'Accessibility snapshot', dom: 'DOM text', outline: 'Hybrid outline', page: 'Page understanding',
});

/**
 * The wire requests of one run: [{part: 'snapshot'|'dom'|'outline', label, options}].
 * Each part gets the options that concern it; in a run of several parts only the first
 * waits for a quiet page (the others follow it at once).
 */
export function requestsFor(panelOptions) {
  const o = normalizeOptions(panelOptions);
  const parts = o.format === 'all' ? ['snapshot', 'dom', 'outline', 'page']
    : [{ snapshot: 'snapshot', domtext: 'dom', outline: 'outline', semantic: 'page' }[o.format]];
  return parts.map((part, i) => {
    const common = {
      redact: o.redact,
      stabilize: i === 0 ? { ...o.stabilize } : { ...o.stabilize, enabled: false },
    };
    let options;
    if (part === 'snapshot') options = { format: 'snapshot', ...common };
    else if (part === 'dom') options = { format: o.vision ? 'som' : 'domtext', viewport_only: o.viewport_only, ...common };
    else if (part === 'page') options = { format: 'semantic', viewport_only: o.viewport_only, ...common };
    else {
      options = { format: 'outline', compact: o.compact, compression: o.compression, ...common };
      if (o.max_tokens !== null) options.max_tokens = o.max_tokens;
    }
    return { part, label: PART_LABELS[part], options };
  });
}
