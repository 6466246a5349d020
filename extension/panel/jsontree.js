// The JSON view: a collapsible tree (children built when a node is first opened) and a
// search that opens the way to each match.

/**
 * Paths ([key, key, …]; array positions as numbers) of the keys and scalar values that
 * contain `query` (case-insensitive), in document order; at most `limit` of `total`.
 */
export function searchJson(value, query, limit = 200) {
  const needle = String(query ?? '').trim().toLowerCase();
  const paths = [];
  let total = 0;
  if (!needle) return { paths, total };
  const stack = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop();
    const key = path.length ? String(path[path.length - 1]) : '';
    const scalar = v === null || typeof v !== 'object';
    const hit = (typeof path[path.length - 1] === 'string' && key.toLowerCase().includes(needle))
      || (scalar && String(v).toLowerCase().includes(needle));
    if (hit) {
      total += 1;
      if (paths.length < limit) paths.push(path);
    }
    if (!scalar) {
      const entries = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return { paths, total };
}

/** "{3}" / "[12]" after a node's key. */
export function sizeLabel(value) {
  return Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
}

const PREVIEW_CHARS = 120;

/**
 * A closed array's one-line preview: its JSON, cut at PREVIEW_CHARS. SnapshotV1's node rows
 * ([depth, id, role, name, bbox, props]) read as one line each without opening them.
 */
export function preview(value) {
  if (!Array.isArray(value)) return '';
  const text = JSON.stringify(value);
  return text.length <= PREVIEW_CHARS ? text : `${text.slice(0, PREVIEW_CHARS)}…`;
}

function keySpan(key) {
  const span = document.createElement('span');
  span.className = 'key';
  span.textContent = key === null ? '' : `${key}: `;
  return span;
}

function leaf(key, value) {
  const div = document.createElement('div');
  div.className = 'leaf';
  div.tabIndex = -1;
  const text = document.createElement('span');
  text.className = `value ${value === null ? 'null' : typeof value}`;
  text.textContent = JSON.stringify(value);
  div.append(keySpan(key), text);
  return div;
}

function branch(key, value) {
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.append(keySpan(key), sizeLabel(value));
  const line = preview(value);
  if (line) {
    const span = document.createElement('span');
    span.className = 'preview';
    span.textContent = ` ${line}`;
    summary.append(span);
  }
  details.append(summary);
  details.axChildren = null; // Map(key → element), once built
  details.axBuild = () => {
    if (details.axChildren) return details.axChildren;
    details.axChildren = new Map();
    const entries = Array.isArray(value) ? value.map((x, i) => [i, x]) : Object.entries(value);
    for (const [k, v] of entries) {
      const child = v === null || typeof v !== 'object' ? leaf(k, v) : branch(k, v);
      details.axChildren.set(k, child);
      details.append(child);
    }
    return details.axChildren;
  };
  details.addEventListener('toggle', () => {
    if (details.open) details.axBuild();
  });
  return details;
}

/** Render `value` into `container`; returns {root, reveal(path) → element, clearMarks()}. */
export function renderJsonTree(container, value, rootLabel) {
  const root = value === null || typeof value !== 'object' ? leaf(rootLabel, value) : branch(rootLabel, value);
  if (root.axBuild) {
    root.open = true;
    root.axBuild();
  }
  container.replaceChildren(root);
  return {
    root,
    reveal(path) {
      let node = root;
      for (const key of path) {
        if (!node.axBuild) return null;
        node.open = true;
        node = node.axBuild().get(key);
        if (!node) return null;
      }
      node.classList.add('match');
      return node;
    },
    clearMarks() {
      for (const el of container.querySelectorAll('.match, .current')) el.classList.remove('match', 'current');
    },
  };
}
