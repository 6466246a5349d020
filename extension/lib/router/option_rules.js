// Rules between options (one option's value refuses another's), checked from the table the
// host generates (generated/contract.js OPTION_RULES, from models/options.py): this is the
// same evaluator as the host's models/option_rules.py, so each rule is written once, as data.
// An option's value is the caller's, or its default when the caller left it out.

import { OPTIONS } from '../generated/contract.js';

function valueOf(options, name) {
  const given = options[name];
  return given === undefined ? OPTIONS[name]?.default ?? null : given;
}

const itemsOf = (value) => (Array.isArray(value) ? value : []);

/** Whether `condition` (one operator, see models/option_rules.py) holds for `options`. */
export function conditionHolds(condition, options) {
  const entries = Object.entries(condition);
  if (entries.length !== 1) throw new Error(`a condition has exactly one operator, not ${Object.keys(condition)}`);
  const [[operator, operand]] = entries;
  switch (operator) {
    case 'all': return operand.every((part) => conditionHolds(part, options));
    case 'any': return operand.some((part) => conditionHolds(part, options));
    case 'not': return !conditionHolds(operand, options);
    case 'present': return valueOf(options, operand) !== null;
    case 'given': {
      const value = valueOf(options, operand);
      return value !== null && value !== false && !(Array.isArray(value) && value.length === 0);
    }
    case 'repeats': {
      const items = itemsOf(valueOf(options, operand));
      return new Set(items).size !== items.length;
    }
    case 'is': return valueOf(options, operand[0]) === operand[1];
    case 'among': return operand[1].includes(valueOf(options, operand[0]));
    case 'holds': return itemsOf(valueOf(options, operand[0])).includes(valueOf(options, operand[1]));
    case 'meets': return itemsOf(valueOf(options, operand[0])).some((item) => operand[1].includes(item));
    default: throw new Error(`unknown condition operator ${operator}`);
  }
}

/** The sentence of the first rule `options` break, or null. */
export function firstRuleProblem(rules, options) {
  return rules.find((rule) => conditionHolds(rule.when, options))?.problem ?? null;
}
