// Pages chrome.debugger must not (or cannot) attach to, refused before attaching.

const RESTRICTED_SCHEMES = new Map([
  ['chrome:', 'Chrome internal pages (chrome://) cannot be captured.'],
  ['chrome-untrusted:', 'Chrome internal pages (chrome-untrusted://) cannot be captured.'],
  ['chrome-search:', 'Chrome internal pages (chrome-search://) cannot be captured.'],
  ['devtools:', 'DevTools pages cannot be captured.'],
  ['view-source:', 'view-source: pages cannot be captured.'],
  ['edge:', 'Browser internal pages (edge://) cannot be captured.'],
  ['brave:', 'Browser internal pages (brave://) cannot be captured.'],
]);

const WEB_STORE_HOSTS = ['chromewebstore.google.com'];

const HINT = 'Open a regular web page (http, https or file) in the tab and try again.';

function restricted(message) {
  return { code: 'restricted_page', message, hint: HINT };
}

/**
 * Why `url` may not be captured, as a structured error, or null when it may be.
 * `ownExtensionId` names this extension; its own pages (the side panel opened as a tab shows
 * unredacted runs) may be captured only when `ownPagesAllowed` (a request from axsnap itself:
 * the panel, the tests' bridge), never for an agent.
 */
export function checkRestricted(url, ownExtensionId = '', ownPagesAllowed = true) {
  if (typeof url !== 'string' || url === '') return null; // a tab still loading: let attach decide
  const lower = url.toLowerCase();
  if (lower.startsWith('view-source:')) return restricted(RESTRICTED_SCHEMES.get('view-source:'));
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const scheme = parsed.protocol;
  if (RESTRICTED_SCHEMES.has(scheme)) return restricted(RESTRICTED_SCHEMES.get(scheme));
  if (scheme === 'chrome-extension:') {
    if (ownExtensionId && parsed.hostname === ownExtensionId) {
      return ownPagesAllowed ? null
        : restricted("axsnap's own pages (its side panel, its results) can only be captured by axsnap itself, not by agents.");
    }
    return restricted("Other extensions' pages cannot be captured.");
  }
  if (scheme === 'about:' && lower !== 'about:blank') {
    return restricted(`${url} is a browser page and cannot be captured.`);
  }
  const host = parsed.hostname.toLowerCase();
  if (WEB_STORE_HOSTS.includes(host) ||
      (host === 'chrome.google.com' && parsed.pathname.startsWith('/webstore'))) {
    return restricted('The Chrome Web Store does not allow extensions to capture it.');
  }
  return null;
}
