import { defineOperation, JSON_CONTENT_TYPE } from '@dus/core';
import { checkDigit, generate, strongEtag, validateBarcode } from './domain/index.js';
import {
  checkDigitInput,
  checkDigitOutput,
  generateArguments,
  generateBody,
  generateOutput,
  generateQuery,
  validateInput,
  validateOutput,
} from './schemas.js';

/** Whether an If-None-Match list names this tag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const generateExample = { type: 'ean13' as const, data: '400638133393' };
export const generateOperation = defineOperation({
  name: 'generate',
  mcpName: 'generate_barcode',
  summary: 'Generate an EAN-13, UPC-A or Code 128 barcode as SVG',
  description:
    'Deterministic: the same request gives byte-identical output, with a strong ETag and a day of caching. GET takes the fields as query parameters (If-None-Match → 304), POST as a JSON body; format=json answers the metadata with the SVG as a string (the MCP tool always does).',
  toolDescription:
    'Draws an EAN-13, UPC-A or Code 128 barcode as an SVG document. Pass type and data: EAN-13 takes 12 digits (the check digit is appended) or 13 (a wrong check digit is an error), UPC-A 11 or 12 digits, Code 128 1–80 ASCII characters. Optional: module_width (px per module), height (bar height in modules), text, quiet_zone, color, background. Returns the SVG as a string with its encoded data, check digit or checksum, size in modules and pixels. Deterministic: the same input gives the same SVG.',
  tags: ['barcode'],
  method: ['GET', 'POST'],
  path: '/generate',
  input: generateBody,
  query: generateQuery,
  mcpInput: generateArguments,
  output: generateOutput,
  errors: [
    {
      status: 422,
      code: 'invalid_check_digit',
      description: 'The EAN-13/UPC-A data carries a check digit that is wrong.',
    },
  ],
  example: {
    input: generateExample,
    output: () => generate(generateArguments.parse(generateExample)),
  },
  cacheControl: 'public, max-age=86400',
  renderMediaType: 'image/svg+xml',
  render: (output, input, request) => {
    const json = (input as { format?: string }).format === 'json';
    const body = json ? JSON.stringify(output) : output.svg;
    const etag = strongEtag(body);
    if (request.method === 'GET' && matches(request.header('if-none-match'), etag)) {
      return { status: 304, body: null, headers: { ETag: etag } };
    }
    return { body, contentType: json ? JSON_CONTENT_TYPE : 'image/svg+xml', headers: { ETag: etag } };
  },
  handler: (input) => generate(input),
});

const validateExample = { type: 'ean13' as const, data: '4006381333931' };
export const validateOperation = defineOperation({
  name: 'validate',
  mcpName: 'validate_barcode',
  summary: 'Validate barcode data with its check digit',
  description:
    'Any string data is an answer: valid, or the first failing reason of character, length, check_digit, with the given and the expected check digit where they apply.',
  toolDescription:
    'Checks EAN-13, UPC-A or Code 128 data: EAN/UPC data must include its check digit (13 or 12 digits), Code 128 must be 1–80 ASCII characters. Always answers: valid, or the first failing reason of character, length, check_digit, with the given and the expected check digit for EAN/UPC digits of the right length.',
  tags: ['barcode'],
  method: 'POST',
  path: '/validate',
  input: validateInput,
  output: validateOutput,
  example: { input: validateExample, output: () => validateBarcode(validateExample.type, validateExample.data) },
  handler: ({ type, data }) => validateBarcode(type, data),
});

const checkDigitExample = { type: 'ean13' as const, data: '400638133393' };
export const checkDigitOperation = defineOperation({
  name: 'check_digit',
  mcpName: 'compute_check_digit',
  summary: 'Compute or validate a GS1 mod-10 check digit',
  description:
    'ean13, upca, gtin8 or gtin14: compute the check digit of the data without it, or validate data with it (by default chosen by the length).',
  toolDescription:
    'Computes or checks a GS1 mod-10 check digit for ean13, upca, gtin8 or gtin14 digits. Pass the digits without the check digit to compute it (mode compute), or with it to validate (mode validate); by default the length decides. Returns the correct check digit, the full number and, when validating, whether the given digit matched.',
  tags: ['check digit'],
  method: 'POST',
  path: '/check-digit',
  input: checkDigitInput,
  output: checkDigitOutput,
  example: { input: checkDigitExample, output: () => checkDigit(checkDigitInput.parse(checkDigitExample)) },
  handler: (input) => checkDigit(input),
});

export const operations = [generateOperation, validateOperation, checkDigitOperation];
