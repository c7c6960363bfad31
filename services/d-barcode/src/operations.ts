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

export const generateOperation = defineOperation({
  name: 'generate',
  mcpName: 'generate_barcode',
  summary: 'Generate an EAN-13, UPC-A or Code 128 barcode as SVG',
  description:
    'Deterministic: the same request gives byte-identical output, with a strong ETag and a day of caching. GET takes the fields as query parameters (If-None-Match → 304), POST as a JSON body; format=json answers the metadata with the SVG as a string (the MCP tool always does).',
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
    input: { type: 'ean13', data: '400638133393' },
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

export const validateOperation = defineOperation({
  name: 'validate',
  mcpName: 'validate_barcode',
  summary: 'Validate barcode data with its check digit',
  description:
    'Any string data is an answer: valid, or the first failing reason of character, length, check_digit, with the given and the expected check digit where they apply.',
  tags: ['barcode'],
  method: 'POST',
  path: '/validate',
  input: validateInput,
  output: validateOutput,
  example: {
    input: { type: 'ean13', data: '4006381333931' },
    output: {
      valid: true,
      type: 'ean13',
      data: '4006381333931',
      reason: null,
      check_digit: '1',
      expected_check_digit: '1',
    },
  },
  handler: ({ type, data }) => validateBarcode(type, data),
});

export const checkDigitOperation = defineOperation({
  name: 'check_digit',
  mcpName: 'compute_check_digit',
  summary: 'Compute or validate a GS1 mod-10 check digit',
  description:
    'ean13, upca, gtin8 or gtin14: compute the check digit of the data without it, or validate data with it (by default chosen by the length).',
  tags: ['check digit'],
  method: 'POST',
  path: '/check-digit',
  input: checkDigitInput,
  output: checkDigitOutput,
  example: {
    input: { type: 'ean13', data: '400638133393' },
    output: { type: 'ean13', data: '400638133393', check_digit: '1', full: '4006381333931', valid: null },
  },
  handler: (input) => checkDigit(input),
});

export const operations = [generateOperation, validateOperation, checkDigitOperation];
