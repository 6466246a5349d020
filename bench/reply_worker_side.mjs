// The worker's side of a reply's bytes, approximated in node (V8 as in the service worker):
// inflate the text deflated at level 1 (native/chunk_deflate.py) and JSON.parse it, best of 5,
// with and without the element records (design note 275). FILE: a reply's text, one line
// (bench_host_memory.py replay --frames); FILE.lean: the same without the records, written by
// `bench/reply_fields.py --costs`.
//     nice node bench/reply_worker_side.mjs /tmp/dom.txt
import fs from 'node:fs'; import zlib from 'node:zlib';
for (const path of process.argv.slice(2)) {
  for (const file of [path, path + '.lean']) {
    const text = fs.readFileSync(file, 'utf8').split('\n')[0];
    const deflated = zlib.deflateSync(Buffer.from(text), { level: 1 });
    let best = Infinity, bestParse = Infinity;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now(); const s = zlib.inflateSync(deflated).toString('utf8'); const t1 = performance.now();
      JSON.parse(s); const t2 = performance.now();
      best = Math.min(best, t1 - t0); bestParse = Math.min(bestParse, t2 - t1);
    }
    console.log(`${file}: ${text.length} chars; inflate+decode ${best.toFixed(1)} ms; JSON.parse ${bestParse.toFixed(1)} ms`);
  }
}
