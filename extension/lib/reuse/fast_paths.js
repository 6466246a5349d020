// Whether a fast path may answer a read: every way the extension answers from something kept
// instead of reading the page again asks here, by its name in the registry
// (host/axsnap_host/models/fast_paths.py, generated into contract.js as FAST_PATHS). The
// read's `exact` option turns them all off; a name not in the registry is a bug, refused at
// once (tests/unit/test_fast_paths.py checks every name asked is listed, and the reverse).

import { FAST_PATHS } from '../generated/contract.js';

/** Whether fast path `name` may answer a read with `options` (not when it is `exact`). */
export function fastPath(options, name) {
  if (!FAST_PATHS.includes(name)) throw new Error(`${name} is not a registered fast path (models/fast_paths.py)`);
  return options?.exact !== true;
}
