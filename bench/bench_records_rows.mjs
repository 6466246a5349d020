// The walker's records made rows (extension/lib/common/walker_wire.js recordsToRows), the
// current encoder against another build's, by turns in node (design note 127):
//
//   node bench/bench_records_rows.mjs RECORDS.json OTHER/extension/lib/common/walker_wire.js
//
// RECORDS.json: a list of walker records (a recorded request's rows decoded, e.g. with
// models/walker_wire.py records_from_rows). Both outputs are checked equal first.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { recordsToRows } from '../extension/lib/common/walker_wire.js';

const [recordsPath, otherPath, turns = '15'] = process.argv.slice(2);
const records = JSON.parse(readFileSync(recordsPath, 'utf8'));
const other = (await import(pathToFileURL(otherPath).href)).recordsToRows;
const same = JSON.stringify(recordsToRows(records)) === JSON.stringify(other(records));
console.log(`${records.length} records; the same rows: ${same}`);
const times = { other: [], this: [] };
for (let turn = 0; turn < Number(turns); turn++) {
  const order = turn % 2 ? [['other', other], ['this', recordsToRows]] : [['this', recordsToRows], ['other', other]];
  for (const [name, encode] of order) {
    const t0 = performance.now();
    encode(records);
    times[name].push(performance.now() - t0);
  }
}
for (const [name, ms] of Object.entries(times)) {
  ms.sort((a, b) => a - b);
  console.log(name, ms.map((x) => x.toFixed(1)).join(' '), 'median', ms[ms.length >> 1].toFixed(1));
}
