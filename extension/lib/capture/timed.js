// How long each step of a capture took: the capture's timings (ms, one decimal), summed by name.

export const elapsed = (t0) => Math.round((performance.now() - t0) * 10) / 10;

export async function timed(timings, name, fn) {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    timings[name] = (timings[name] ?? 0) + elapsed(t0);
  }
}
