// The options form ↔ panel options (see options.js for names and bounds).

import { normalizeOptions } from './options.js';

const $ = (id) => document.getElementById(id);

export function writeForm(options) {
  const o = normalizeOptions(options);
  $('format').value = o.format;
  $('scope').value = o.viewport_only ? 'viewport' : 'page';
  $('vision').checked = o.vision;
  $('compact').checked = o.compact;
  $('delta').checked = o.compression === 'delta';
  $('max-tokens').value = o.max_tokens === null ? '' : String(o.max_tokens);
  $('stabilize').checked = o.stabilize.enabled;
  $('quiet-ms').value = String(o.stabilize.quiet_ms);
  $('max-wait-ms').value = String(o.stabilize.max_wait_ms);
  $('redact').checked = o.redact;
  updateEnabled(o);
}

export function readForm() {
  return normalizeOptions({
    format: $('format').value,
    viewport_only: $('scope').value !== 'page',
    vision: $('vision').checked,
    compact: $('compact').checked,
    compression: $('delta').checked ? 'delta' : 'none',
    max_tokens: $('max-tokens').value,
    redact: $('redact').checked,
    stabilize: {
      enabled: $('stabilize').checked,
      quiet_ms: $('quiet-ms').value,
      max_wait_ms: $('max-wait-ms').value,
    },
  });
}

/** Controls that do not apply to the chosen output are disabled (still visible). */
export function updateEnabled(o) {
  const dom = o.format === 'all' || o.format === 'domtext';
  const outline = o.format === 'all' || o.format === 'outline';
  $('scope').disabled = !dom && o.format !== 'semantic';
  $('vision').disabled = !dom;
  for (const id of ['compact', 'delta', 'max-tokens']) $(id).disabled = !outline;
  $('quiet-ms').disabled = !o.stabilize.enabled;
  $('max-wait-ms').disabled = !o.stabilize.enabled;
}

const FORMAT_WORDS = { all: 'everything', snapshot: 'AX JSON', domtext: 'DOM text', outline: 'outline', semantic: 'page' };

/** "everything · viewport · image · redacted" */
export function optionsSummary(o) {
  const words = [FORMAT_WORDS[o.format]];
  if (o.format === 'all' || o.format === 'domtext') {
    words.push(o.viewport_only ? 'viewport' : 'whole page');
    if (o.vision) words.push('image');
  }
  if (o.format === 'all' || o.format === 'outline') {
    if (o.compact) words.push('compact');
    if (o.compression === 'delta') words.push('delta');
    if (o.max_tokens !== null) words.push(`≤${o.max_tokens} tokens`);
  }
  words.push(o.redact ? 'redacted' : 'UNREDACTED');
  return words.join(' · ');
}
