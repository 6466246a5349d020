// Snapshot options, checked in the extension before anything is captured, with the rules
// generated from the host's SnapshotOptions (generated/contract.js): the same names, types,
// bounds and enums, strictly typed (redact: "false", 0 or "off" is refused, not read as a
// truth value), the options a format does not use refused unless left at their default, and
// the options refused together (OPTION_RULES, router/option_rules.js).

import { AxError } from '../common/errors.js';
import { ERROR_CODES, ONLY_FOR, OPTION_RULES, OPTIONS } from '../generated/contract.js';
import { firstRuleProblem } from './option_rules.js';

const KIND_WORDS = {
  boolean: 'a boolean (true or false)', integer: 'an integer', number: 'a number', string: 'a string',
};

function shown(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function typeOk(rule, value) {
  switch (rule.kind) {
    case 'boolean': return typeof value === 'boolean';
    case 'integer': return Number.isSafeInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'string': return typeof value === 'string';
    case 'enum': return rule.values.includes(value);
    case 'object': return isPlainObject(value);
    case 'array': return Array.isArray(value);
    default: return false;
  }
}

function bounds(rule) {
  const parts = [];
  if (rule.min !== undefined) parts.push(`≥ ${rule.min}`);
  if (rule.exclusiveMin !== undefined) parts.push(`> ${rule.exclusiveMin}`);
  if (rule.max !== undefined) parts.push(`≤ ${rule.max}`);
  if (rule.exclusiveMax !== undefined) parts.push(`< ${rule.exclusiveMax}`);
  return parts.join(' and ');
}

/** What is wrong with `value` under `rule` (a sentence naming `path`), or null. */
export function problemWith(path, rule, value) {
  if (value === null && rule.nullable) return null;
  if (!typeOk(rule, value)) {
    const wanted = rule.kind === 'enum' ? `one of ${rule.values.join(', ')}`
      : rule.kind === 'object' ? 'an object' : rule.kind === 'array' ? 'a list' : KIND_WORDS[rule.kind];
    return `${path} must be ${wanted}${rule.nullable ? ' or null' : ''}, not ${shown(value)}`;
  }
  if (rule.kind === 'object') return problemsIn(path, rule.fields, value)[0] ?? null;
  if (rule.kind === 'array') {
    if (rule.maxItems !== undefined && value.length > rule.maxItems) return `${path} must hold at most ${rule.maxItems} items`;
    return value.map((item, i) => problemWith(`${path}[${i}]`, rule.items, item)).find(Boolean) ?? null;
  }
  if (rule.kind === 'integer' || rule.kind === 'number') {
    const out = (rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)
      || (rule.exclusiveMin !== undefined && value <= rule.exclusiveMin)
      || (rule.exclusiveMax !== undefined && value >= rule.exclusiveMax);
    if (out) return `${path} must be ${bounds(rule)}, not ${shown(value)}`;
  }
  if (rule.kind === 'string') {
    if (rule.minLength !== undefined && value.length < rule.minLength) return `${path} must not be empty`;
    if (rule.maxLength !== undefined && value.length > rule.maxLength) {
      return `${path} must be at most ${rule.maxLength} characters`;
    }
    if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) {
      return `${path} must match ${rule.pattern}`;
    }
  }
  return null;
}

function problemsIn(path, rules, object) {
  const problems = [];
  for (const key of Object.keys(object)) {
    if (!Object.hasOwn(rules, key)) {
      problems.push(`${path}.${key} is not an option (known: ${Object.keys(rules).join(', ')})`);
      continue;
    }
    if (object[key] === undefined) continue;
    const problem = problemWith(`${path}.${key}`, rules[key], object[key]);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Every problem of a request's options, as sentences; [] when the host will accept them. */
export function optionProblems(options) {
  if (options === undefined || options === null) return [];
  if (!isPlainObject(options)) return [`options must be an object, not ${shown(options)}`];
  const problems = problemsIn('options', OPTIONS, options);
  if (problems.length) return problems;
  const format = options.format ?? OPTIONS.format.default;
  // one read of several formats (also_formats): an option any of them uses is accepted; the
  // host checks that the formats can share the capture (models/options.py)
  const asked = [format, ...(options.also_formats ?? [])];
  const misplaced = Object.entries(ONLY_FOR)
    .filter(([key, formats]) => options[key] !== undefined && options[key] !== OPTIONS[key].default
      && !asked.some((f) => formats.includes(f)))
    .map(([key, formats]) => `${key} (${formats.join('/')})`);
  if (misplaced.length) return [`format '${format}' does not use ${misplaced.join(', ')}`];
  const combined = firstRuleProblem(OPTION_RULES, options);
  return combined ? [combined] : [];
}

/** The options unchanged when valid; else throws invalid_message naming the first problems. */
export function checkOptions(options, hint = '') {
  const problems = optionProblems(options);
  if (problems.length) throw new AxError(ERROR_CODES.INVALID_MESSAGE, problems.slice(0, 3).join('; '), hint);
  return options ?? {};
}
