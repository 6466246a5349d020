// Thinner AX nodes for the wire: Accessibility.getFullAXTree fills fields no host step reads.
//
// Measured on the 100k-element bench page: 162,745 nodes, 71.6 MB of JSON, of which
// name.sources 21.2 MB, chromeRole 5.6 MB and ignoredReasons 1.9 MB. With them the
// SnapshotV1 capture was 92.7 MB, past native messaging's 64 MiB. The host reads name and
// value as {type, value}, role, properties, ignored and the tree links only
// (host/axsnap_host/pipeline/axtree.py), so dropping these changes no output. One exception:
// a name that is the same words twice ("Month Month", Chromium's names for the parts of a
// date field) keeps its sources, which the host reads to undo the doubling (ax_name).

//
// Properties: the host reads only those it reports as state (pipeline/ax/tree.py
// STATE_PROPERTIES, generated as AX_PROPERTIES); focusable, settable, hiddenRoot... are
// left here (about a third of a node's bytes on the bench pages).
//
// Ignored nodes: the host lifts them out of the tree (their children take their place) and
// reads nothing else of them, so they travel as their links only: nodeId, ignored, role,
// childIds, parentId, backendDOMNodeId (about half the nodes of the bench pages).

import { AX_PROPERTIES } from '../generated/contract.js';

export const DROPPED_AX_FIELDS = Object.freeze(['chromeRole', 'ignoredReasons']);
const KEPT_PROPERTIES = new Set(AX_PROPERTIES);

function keptProperties(properties) {
  if (!Array.isArray(properties)) return properties;
  return properties.filter((prop) => KEPT_PROPERTIES.has(prop?.name));
}

/** Copies of `nodes` without the unread fields (new objects: `delete` would slow stringify). */
export function thinAXNodes(nodes) {
  const out = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.ignored === true) {
      out[i] = linksOnly(node);
      continue;
    }
    const thin = {};
    for (const key in node) {
      if (key === 'chromeRole' || key === 'ignoredReasons') continue;
      const value = node[key];
      if (key === 'properties') thin[key] = keptProperties(value);
      else {
        thin[key] = key === 'name' && value && value.sources && !saidTwice(value.value)
          ? { type: value.type, value: value.value } : value;
      }
    }
    out[i] = thin;
  }
  return out;
}

const LINK_FIELDS = ['nodeId', 'ignored', 'role', 'childIds', 'parentId', 'backendDOMNodeId', 'frameId'];

function linksOnly(node) {
  const thin = {};
  for (const key of LINK_FIELDS) if (node[key] !== undefined) thin[key] = node[key];
  return thin;
}

/** "A b A b": two equal halves around the middle space (worth keeping the sources for). */
export function saidTwice(text) {
  if (typeof text !== 'string' || text.length < 3 || text.length % 2 === 0) return false;
  const half = (text.length - 1) / 2;
  return text[half] === ' ' && text.slice(0, half) === text.slice(half + 1);
}

const STATIC_TEXT = 'StaticText';
const INLINE_TEXT_BOX = 'InlineTextBox';

const negative = (id) => String(id).startsWith('-');
/** Layout's own AX objects (no DOM node, negative ids): no getPartialAXTree reaches them. */
const layoutOnly = (node) => node.backendDOMNodeId === undefined && negative(node.nodeId);

/**
 * The cache's form of AX nodes (full reads and refetches alike): thin (thinAXNodes), without
 * layout's own nodes and the child ids that list them: InlineTextBox nodes (the host drops
 * them, pipeline/ax/tree.py) and the ignored, empty ones of list markers and disclosure
 * triangles. Layout renumbers these whenever a line reflows, and no DOM node reaches them,
 * so a refetched parent lists ids nobody can read. Measured on the bench and test pages:
 * every node with a negative id is one of these.
 */
export function normalizeAxNodes(nodes) {
  const out = [];
  for (const node of thinAXNodes(nodes ?? [])) {
    const role = node.role?.value;
    if (role === INLINE_TEXT_BOX) continue;
    if (layoutOnly(node) && node.ignored && !node.childIds?.length) continue;
    if (role === STATIC_TEXT && node.childIds?.length) node.childIds = [];
    else if (node.childIds?.some(negative)) node.childIds = node.childIds.filter((id) => !negative(id));
    out.push(node);
  }
  return out;
}
