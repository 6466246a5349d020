// Thinner AX nodes for the wire: Accessibility.getFullAXTree fills fields no host step reads.
//
// Measured on the 100k-element bench page: 162,745 nodes, 71.6 MB of JSON, of which
// name.sources 21.2 MB, chromeRole 5.6 MB and ignoredReasons 1.9 MB. With them the
// SnapshotV1 capture was 92.7 MB, past native messaging's 64 MiB. The host reads name and
// value as {type, value}, role, properties, ignored and the tree links only
// (host/axsnap_host/pipeline/axtree.py), so dropping these changes no output.

export const DROPPED_AX_FIELDS = Object.freeze(['chromeRole', 'ignoredReasons']);

/** Copies of `nodes` without the unread fields (new objects: `delete` would slow stringify). */
export function thinAXNodes(nodes) {
  const out = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const thin = {};
    for (const key in node) {
      if (key === 'chromeRole' || key === 'ignoredReasons') continue;
      const value = node[key];
      thin[key] = key === 'name' && value && value.sources ? { type: value.type, value: value.value } : value;
    }
    out[i] = thin;
  }
  return out;
}
