// Structured errors: every failure a caller sees is {code, message, hint}.

export class AxError extends Error {
  constructor(code, message, hint = '') {
    super(message);
    this.name = 'AxError';
    this.code = code;
    this.hint = hint;
  }
}

export function axError(code, message, hint = '') {
  return new AxError(code, message, hint);
}

/** Turn anything thrown into the wire shape {code, message, hint}; never a stack trace. */
export function toErrorInfo(err, fallbackCode = 'internal_error') {
  if (err && typeof err === 'object' && typeof err.code === 'string' && err.code) {
    return { code: err.code, message: String(err.message ?? ''), hint: String(err.hint ?? '') };
  }
  const message = err && typeof err === 'object' && 'message' in err ? err.message : String(err);
  return { code: fallbackCode, message: String(message), hint: '' };
}
