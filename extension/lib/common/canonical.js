// Canonical JSON (RFC 8785) and the "sha256:" hashes built on it: the same text the host
// hashes (host/axsnap_host/models/canonical.py), checked by both test suites on
// tests/vectors/delta_hash.json. JCS refuses lone surrogates; like the host, a lone
// surrogate is hashed as U+FFFD (String.prototype.toWellFormed).

import canonicalize from '../vendor/canonicalize.js';

function wellFormed(value) {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormed(item)]));
  }
  return value;
}

/** The RFC 8785 canonical JSON text of a JSON value. */
export function canonicalJson(value) {
  return canonicalize(wellFormed(value));
}

/** "sha256:<hex>" of the UTF-8 bytes of the canonical JSON of a value. */
export async function sha256Hash(value) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(value)));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
