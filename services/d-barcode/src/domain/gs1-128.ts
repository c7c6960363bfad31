import type { ProblemFieldError } from '@dus/core';
import { AI_TABLE, type AiFormat } from './ai-table.js';
import { FNC1 } from './code128/table.js';
import { describeCharacter, domainError, FIELD_ERROR_CODES, fieldError } from './errors.js';
import { firstNonDigit, gs1CheckDigit } from './gs1.js';

export const GS1_128_MIN_LENGTH = 1;
export const GS1_128_MAX_LENGTH = 150;
/** The refusal rules of GS1-128 data, in the order they are checked. */
export const GS1_RULES = ['syntax', 'unknown_ai', 'charset', 'length', 'check_digit', 'date'] as const;
export type Gs1Rule = (typeof GS1_RULES)[number];

/** One element: an Application Identifier and its value. */
export interface ElementField {
  ai: string;
  value: string;
}

/** Why element-string data is refused: the rule, the AI (null for syntax) and the message. */
export interface Gs1Refusal {
  rule: Gs1Rule;
  ai: string | null;
  detail: string;
}

/** GS1 AI encodable character set 82 (GS1 General Specifications, figure 7.11-1), without `(` and `)`. */
const SET_82 = /^[!"%&'*+,\-./0-9:;<=>?A-Z_a-z]$/;

/** The `/data` 400 for GS1-128: 1–150 characters (the rest of the checks are the 422 rules). */
export function gs1128DataError(data: string): ProblemFieldError | null {
  if (data.length >= GS1_128_MIN_LENGTH && data.length <= GS1_128_MAX_LENGTH) return null;
  return fieldError(
    'data',
    FIELD_ERROR_CODES.length,
    `GS1-128 data must be ${GS1_128_MIN_LENGTH} to ${GS1_128_MAX_LENGTH} characters, got ${data.length}`,
  );
}

/** Splits `(AI)value(AI)value…`; the first place the syntax breaks, or the fields. */
function split(data: string): ElementField[] | Gs1Refusal {
  const fields: ElementField[] = [];
  const pattern = /\((\d{2,4})\)([^(]*)/y;
  let i = 0;
  while (i < data.length) {
    pattern.lastIndex = i;
    const match = pattern.exec(data);
    if (match === null) {
      return {
        rule: 'syntax',
        ai: null,
        detail: `syntax: expected "(", 2–4 digits, ")" and a value at position ${i}`,
      };
    }
    fields.push({ ai: match[1]!, value: match[2]! });
    i = pattern.lastIndex;
  }
  return fields;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYMMDD: month 01–12, day 00 (unspecified) to the month's last; 29 February when YY is a multiple of 4. */
export function isGs1Date(value: string): boolean {
  const year = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  // A month outside 01–12 has no last day (-1), so no day fits it.
  const last = month === 2 && year % 4 === 0 ? 29 : (DAYS_IN_MONTH[month - 1] ?? -1);
  return day <= last;
}

function lengthText(format: AiFormat): string {
  const unit = format.kind === 'N' ? 'digits' : 'characters';
  return format.min === format.max ? `${format.max} ${unit}` : `${format.min} to ${format.max} ${unit}`;
}

/** The first rule a field breaks, or null. */
export function fieldRefusal({ ai, value }: ElementField): Gs1Refusal | null {
  const refuse = (rule: Gs1Rule, message: string): Gs1Refusal => ({
    rule,
    ai,
    detail: `AI (${ai}): ${message}`,
  });
  const format = AI_TABLE.get(ai);
  if (format === undefined) return refuse('unknown_ai', 'not a known Application Identifier');
  const bad =
    format.kind === 'N' ? firstNonDigit(value) : [...value].findIndex((character) => !SET_82.test(character));
  if (bad >= 0) {
    // Everything before `bad` is ASCII (N: digits), so `bad` is also a code-point index.
    const character = [...value][bad];
    const set = format.kind === 'N' ? 'a digit 0-9' : 'in GS1 character set 82';
    return refuse('charset', `character ${describeCharacter(character!)} at position ${bad} is not ${set}`);
  }
  if (value.length < format.min || value.length > format.max) {
    return refuse('length', `value must be ${lengthText(format)}, got ${value.length}`);
  }
  if (format.csum) {
    const expected = String(gs1CheckDigit(value.slice(0, -1)));
    const given = value[value.length - 1];
    if (given !== expected) return refuse('check_digit', `check digit is ${given}, expected ${expected}`);
  }
  if (format.date && !isGs1Date(value)) return refuse('date', `${value} is not a date`);
  return null;
}

/** The parsed fields of an element string, or the first refusal (syntax first, then field by field). */
export function checkElementString(data: string): ElementField[] | Gs1Refusal {
  const fields = split(data);
  if (!Array.isArray(fields)) return fields;
  for (const field of fields) {
    const refusal = fieldRefusal(field);
    if (refusal) return refusal;
  }
  return fields;
}

/** An element string encoded: the Code 128 planner's input and what a scanner sends after `]C1`. */
export interface Gs1128Data {
  fields: ElementField[];
  /** FNC1, then the AIs and values with an FNC1 (code 128) after each variable-length field but the last. */
  planInput: string;
  /** The transmitted data: the separator FNC1s as U+001D. */
  encoded: string;
}

/** Element-string data encoded; a refusal is a 422 `invalid_gs1_data` with `ai` and `rule`. */
export function gs1128Data(data: string): Gs1128Data {
  const checked = checkElementString(data);
  if (!Array.isArray(checked)) {
    throw domainError('invalid_gs1_data', checked.detail, { ai: checked.ai, rule: checked.rule });
  }
  let encoded = '';
  checked.forEach(({ ai, value }, index) => {
    encoded += ai + value;
    if (!AI_TABLE.get(ai)!.fixed && index < checked.length - 1) encoded += '\u001d';
  });
  const planInput = String.fromCharCode(FNC1) + encoded.replaceAll('\u001d', String.fromCharCode(FNC1));
  return { fields: checked, planInput, encoded };
}
