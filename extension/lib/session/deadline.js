// Every capture step has a deadline: a step that does not answer (a frame whose document
// never finishes loading, a CDP call Chromium sits on) fails with a DeadlineError naming
// the step, and the capture goes on without it (the step's failure goes to capture.errors).

export class DeadlineError extends Error {
  constructor(step, ms) {
    super(`${step} did not answer within ${ms} ms`);
    this.name = 'DeadlineError';
    this.step = step;
    this.ms = ms;
  }
}

/** `promise`, or a DeadlineError after `ms` (the promise itself is left to settle alone). */
export function withDeadline(promise, ms, step) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(step, ms)), ms);
  });
  return Promise.race([Promise.resolve(promise), expired]).finally(() => clearTimeout(timer));
}
