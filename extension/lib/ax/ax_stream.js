// scope "page": each frame's AX nodes go to the host in parts as soon as they arrive, not in
// one giant snapshot message at the end.
//
// Why (bench/results/profile_ax.md): on the 20k/100k bench pages the whole-page read is
// bound by Chromium (the renderer's serialization, then chrome.debugger's conversions in
// the browser process and the service worker); what the extension and host add after that
// was one JSON.stringify of the whole capture (12–48 MB), one pipe write and one parse of
// it all on the host. Streamed, the host parses and keeps part k while the renderer still
// computes the DOMSnapshot, and no message comes near native messaging's 64 MiB.
//
// Wire: {type:"capture_part", stream, seq, frameId, nodes} (no reply), then the snapshot
// request whose capture says ax_stream: {id, parts, nodes}; {type:"capture_drop", stream}
// when the capture fails (host: capture_stream.py).
//
// When every frame's nodes were sent and the frames are as the request will name them
// (owners known, in their final order), {type:"capture_ax_end", stream, parts, nodes,
// frames} (no reply): the host builds the AX tree then, while the renderer still computes
// the DOMSnapshot, instead of after the request (host: stream_early.py). The request's
// frames decide: when they differ from the end's, the host builds the tree again.
//
// A read the AX cache serves sends the main frame as one delta part on the last stream the
// host was served (host ax_stream_bases.py): {..., base, order, nodes}, the nodes that are not
// that stream's own objects (new or changed: the cache's patch replaces what changed) and
// every node id in order. The host rebuilds the same list. A host that lost the base fails
// the request with bad_chunk; the router then sends the stream again whole (resendWhole).

import { thinAXNodes } from './ax_thin.js';
import { AX_DROPPED_ROLES, AX_STREAM_FRAME_FIELDS } from '../generated/contract.js';

export const PART_NODES = 4000;
// A part is cut earlier when its strings are long (a page of long texts): the estimate
// counts each UTF-16 unit as 3 bytes, so a part stays far below the 64 MiB message limit.
export const PART_BYTES = 8 * 1024 * 1024;
const NODE_OVERHEAD = 200;

let streamCounter = 0;

/** Whether this read streams its AX nodes: the AX formats reading the whole page. */
export function streamsAx(options, windowScoped) {
  const format = options?.format ?? 'snapshot';
  return (format === 'snapshot' || format === 'outline') && !windowScoped
    && options?.include_ax !== false;
}

function textUnits(prop) {
  const value = prop?.value;
  return typeof value === 'string' ? value.length : 0;
}

/** A generous estimate of a thinned node's JSON size (strings × 3 for UTF-8). */
export function approxBytes(node) {
  let units = textUnits(node.name) + textUnits(node.value) + (node.nodeId?.length ?? 0);
  for (const prop of node.properties ?? []) units += 16 + textUnits(prop?.value);
  for (const source of node.name?.sources ?? []) units += 64 + textUnits(source?.value);
  return NODE_OVERHEAD + 3 * units + 12 * (node.childIds?.length ?? 0);
}

/** Cut `nodes` into [start, end) ranges of at most `maxNodes` nodes and about `maxBytes`. */
export function partRanges(nodes, maxNodes = PART_NODES, maxBytes = PART_BYTES) {
  const ranges = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < nodes.length; i++) {
    const size = approxBytes(nodes[i]);
    if (i > start && (i - start >= maxNodes || bytes + size > maxBytes)) {
      ranges.push([start, i]);
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  if (start < nodes.length) ranges.push([start, nodes.length]);
  return ranges;
}

const DROPPED_ROLES = new Set(AX_DROPPED_ROLES);

/**
 * `nodes` without the layout fragments the host drops (InlineTextBox: word for word its
 * StaticText parent's text; a fifth of the 100k bench page's nodes), and without their ids
 * in their parents' childIds. The input is left as it was.
 */
export function withoutFragments(nodes) {
  const dropped = new Set();
  for (const node of nodes) if (DROPPED_ROLES.has(node?.role?.value)) dropped.add(node.nodeId);
  if (!dropped.size) return nodes;
  const out = [];
  for (const node of nodes) {
    if (dropped.has(node.nodeId)) continue;
    if (node.childIds?.some((id) => dropped.has(id))) {
      out.push({ ...node, childIds: node.childIds.filter((id) => !dropped.has(id)) });
    } else out.push(node);
  }
  return out;
}

/**
 * One capture's stream of AX parts. `post(type, body)` sends a message that gets no reply
 * (NativeClient.post); `onProgress` hears {stage:'capture', state:'progress', parts, nodes}.
 */
export class AxStream {
  constructor(post, { onProgress, partNodes = PART_NODES, partBytes = PART_BYTES } = {}) {
    streamCounter += 1;
    this.id = `ax-${Date.now().toString(36)}-${streamCounter}`;
    this.post = post;
    this.onProgress = onProgress;
    this.partNodes = partNodes;
    this.partBytes = partBytes;
    this.parts = 0;
    this.nodes = 0;
    this.dropped = false;
    this.frames = []; // {frameId, kept}: what a resend sends again
    this.usedBase = false;
    this.onAccepted = [];
    this.ended = null; // the frames the end named: a resend ends again
    this.early = true; // whether the host may build the AX tree at the end (not on exact reads)
  }

  /**
   * Thin and send one frame's raw AX nodes (as getFullAXTree returned them), in parts; with
   * `base` ({id, frameId, byId}: what an earlier stream left the host), as a delta part when
   * few nodes changed. Returns {frameId, byId} (the nodes sent, by id): the base this frame
   * gives the next read once the host served this stream (see accepted()).
   */
  send(frameId, rawNodes, base = null) {
    if (this.dropped) return null;
    const kept = withoutFragments(rawNodes);
    this.frames.push({ frameId, kept });
    const byId = new Map(kept.map((n) => [n.nodeId, n]));
    if (base?.frameId === frameId && base.byId instanceof Map) {
      const changed = kept.filter((n) => base.byId.get(n.nodeId) !== n);
      if (changed.length <= kept.length / 4) {
        this.usedBase = true;
        this.post('capture_part', {
          stream: this.id, seq: this.parts, frameId, nodes: thinAXNodes(changed), base: base.id,
          order: kept.map((n) => n.nodeId),
        });
        this.counted(1, kept.length);
        return { frameId, byId };
      }
    }
    this.sendWhole(frameId, kept);
    return { frameId, byId };
  }

  sendWhole(frameId, kept) {
    const ranges = partRanges(kept, this.partNodes, this.partBytes);
    for (const [start, end] of ranges) {
      const nodes = thinAXNodes(kept.slice(start, end));
      this.post('capture_part', { stream: this.id, seq: this.parts, frameId, nodes });
      this.counted(1, nodes.length);
    }
  }

  counted(parts, nodes) {
    this.parts += parts;
    this.nodes += nodes;
    try {
      this.onProgress?.({ stage: 'capture', state: 'progress', parts: this.parts, nodes: this.nodes });
    } catch {
      // a listener that went away must not fail the capture
    }
  }

  /**
   * Every frame's nodes were sent: tell the host, with `frames` (the capture's frame
   * records) as the request will name them: the fields the host's tree reads, no more.
   * `early` false (an exact read: fast path "early_tree" off): the request would not take
   * a tree built now, so the host builds none.
   */
  end(frames, early = true) {
    if (this.dropped) return;
    this.early = early;
    this.ended = frames.map((frame) => {
      const picked = {};
      for (const key of AX_STREAM_FRAME_FIELDS) if (frame[key] !== undefined) picked[key] = frame[key];
      return picked;
    });
    this.postEnd();
  }

  postEnd() {
    try {
      this.post('capture_ax_end', {
        stream: this.id, parts: this.parts, nodes: this.nodes, frames: this.ended, early: this.early,
      });
    } catch {
      // only an early start of the host's work is lost: the request still carries all
    }
  }

  /** The host had not the base of a delta part: send every frame again whole, as a new stream. */
  resendWhole() {
    streamCounter += 1;
    this.id = `ax-${Date.now().toString(36)}-${streamCounter}`;
    this.parts = 0;
    this.nodes = 0;
    this.usedBase = false;
    for (const { frameId, kept } of this.frames) this.sendWhole(frameId, kept);
    if (this.ended) this.postEnd();
  }

  /** The host served this stream: what it keeps becomes the next read's base. */
  accepted() {
    for (const callback of this.onAccepted.splice(0)) callback(this.id);
    this.frames = [];
  }

  /** What the snapshot request says of the stream (capture.ax_stream). */
  ref() {
    return { id: this.id, parts: this.parts, nodes: this.nodes };
  }

  /** Tell the host to forget the parts (the capture failed or restarts). */
  drop() {
    if (this.dropped) return;
    this.dropped = true;
    if (this.parts === 0) return;
    try {
      this.post('capture_drop', { stream: this.id });
    } catch {
      // the host went away: its streams went with it
    }
  }
}
