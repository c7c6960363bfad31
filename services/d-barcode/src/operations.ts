import { defineOperation, JSON_CONTENT_TYPE } from '@dus/core';
import {
  buildDigitalLink,
  checkDigit,
  generate,
  parseDigitalLink,
  strongEtag,
  validateBarcode,
} from './domain/index.js';
import {
  buildDigitalLinkInput,
  checkDigitInput,
  checkDigitOutput,
  digitalLinkOutput,
  generateArguments,
  generateBody,
  generateOutput,
  generateQuery,
  parseDigitalLinkInput,
  validateInput,
  validateOutput,
} from './schemas.js';

/** Whether an If-None-Match list names this tag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A PNG takes milliseconds of CPU (drawing, deflate): such calls run in the worker pool so that the
 * event loop keeps answering. The test is on the raw arguments; a false positive costs a thread hop.
 */
const PNG_QUERY = /(?:^|&)output=png(?:&|$)/i;
const PNG_JSON = Buffer.from('"png"');
const asksForPng = (raw: string | Uint8Array) =>
  typeof raw === 'string'
    ? PNG_QUERY.test(raw)
    : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).includes(PNG_JSON);

const INVALID_DIGITAL_LINK = {
  status: 422,
  code: 'invalid_digital_link',
  description: 'GS1 Digital Link refused: `rule` and `ai` (null for primary_key and qualifier_order).',
} as const;

const generateExample = { type: 'ean13' as const, data: '400638133393' };
export const generateOperation = defineOperation({
  name: 'generate',
  mcpName: 'generate_barcode',
  summary: 'Generate a barcode as SVG or PNG',
  description:
    'Deterministic: the same request gives byte-identical output, with a strong ETag and a day of caching. GET takes the fields as query parameters (If-None-Match → 304), POST as a JSON body; output=png answers a PNG at dpi; format=json answers the metadata with the SVG (and the PNG in base64) as strings (the MCP tool always does).',
  toolDescription:
    'Draws a barcode as SVG (or PNG at dpi) with its metadata and print geometry. A missing check digit is appended, a wrong one refused.',
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
      description: 'The digit data carries a check digit that is wrong.',
    },
    {
      status: 422,
      code: 'invalid_upce',
      description: 'UPC-E: number system not 0 or 1, or a UPC-A that cannot be zero-suppressed (`rule`).',
    },
    {
      status: 422,
      code: 'invalid_gs1_data',
      description: 'GS1-128 element string refused: `ai` (or null) and `rule`.',
    },
    {
      status: 422,
      code: 'png_too_large',
      description: 'output=png over 16,000,000 pixels (errors[0].path /dpi).',
    },
    {
      status: 422,
      code: 'data_too_long',
      description:
        "2D data over the symbol's capacity (QR version 40 at the level, 144x144, or the fixed size).",
    },
    INVALID_DIGITAL_LINK,
  ],
  example: {
    input: generateExample,
    output: () => generate(generateArguments.parse(generateExample)),
  },
  heavy: { minBytes: Number.POSITIVE_INFINITY, when: asksForPng },
  cacheControl: 'public, max-age=86400',
  renderMediaType: ['image/svg+xml', 'image/png'],
  render: (output, input, request) => {
    const json = (input as { format?: string }).format === 'json';
    const png = output.png === null ? null : Buffer.from(output.png, 'base64');
    const body = json ? JSON.stringify(output) : (png ?? output.svg);
    const etag = strongEtag(body);
    const conditional = request.method === 'GET' || request.method === 'HEAD';
    if (conditional && matches(request.header('if-none-match'), etag)) {
      return { status: 304, body: null, headers: { ETag: etag } };
    }
    const contentType = json ? JSON_CONTENT_TYPE : png ? 'image/png' : 'image/svg+xml';
    return { body, contentType, headers: { ETag: etag } };
  },
  // The symbol as MCP image content beside the structured answer (docs/conventions.md §13).
  mcpContent: (output) => [
    output.png === null
      ? { type: 'image', data: Buffer.from(output.svg).toString('base64'), mimeType: 'image/svg+xml' }
      : { type: 'image', data: output.png, mimeType: 'image/png' },
  ],
  handler: (input) => generate(input),
});

const validateExample = { type: 'ean13' as const, data: '4006381333931' };
export const validateOperation = defineOperation({
  name: 'validate',
  mcpName: 'validate_barcode',
  summary: 'Validate barcode data',
  description:
    "Any string data is an answer: valid, or the first failing reason (GS1-128: the refusal rule and its AI), with the given and the expected check digit where they apply, UPC-E's UPC-A and the parsed AIs.",
  toolDescription:
    'Checks barcode data (digits with their check digit, UPC-E 8). Always answers: valid or the first failing reason.',
  tags: ['barcode'],
  method: 'POST',
  path: '/validate',
  input: validateInput,
  output: validateOutput,
  example: {
    input: validateExample,
    output: () => validateBarcode(validateExample.type, validateExample.data),
  },
  handler: ({ type, data }) => validateBarcode(type, data),
});

const checkDigitExample = { type: 'ean13' as const, data: '400638133393' };
export const checkDigitOperation = defineOperation({
  name: 'check_digit',
  mcpName: 'compute_check_digit',
  summary: 'Compute or check a GS1 check digit',
  description:
    "Compute the check digit of the data without it, or validate data with it (by default chosen by the length). UPC-E (7/8 digits) uses its UPC-A's check digit and answers that UPC-A.",
  toolDescription:
    "Computes (digits without it) or checks (with it) a GS1 mod-10 check digit; UPC-E uses its UPC-A's.",
  tags: ['check digit'],
  method: 'POST',
  path: '/check-digit',
  input: checkDigitInput,
  output: checkDigitOutput,
  example: { input: checkDigitExample, output: () => checkDigit(checkDigitInput.parse(checkDigitExample)) },
  handler: (input) => checkDigit(input),
});

const buildExample = { data: '(01)09520123456788(10)ABC1(21)12345(17)180426' };
export const buildDigitalLinkOperation = defineOperation({
  name: 'digital_link',
  mcpName: 'build_digital_link',
  summary: 'Build a GS1 Digital Link URI',
  description:
    'From an element string: domain (default https://id.gs1.org) + /01/GTIN + /22/, /10/, /21/ or /235/ + the other AIs as the query (predefined-length AIs first). Element-string errors as GS1-128.',
  toolDescription: 'Builds a GS1 Digital Link URI from a GS1 element string, (01)GTIN first among its keys.',
  tags: ['digital link'],
  method: 'POST',
  path: '/digital-link',
  input: buildDigitalLinkInput,
  output: digitalLinkOutput,
  errors: [
    {
      status: 422,
      code: 'invalid_gs1_data',
      description: 'Element string refused: `ai` (or null) and `rule`.',
    },
    INVALID_DIGITAL_LINK,
  ],
  example: { input: buildExample, output: () => buildDigitalLink(buildExample.data) },
  handler: ({ data, domain }) => buildDigitalLink(data, domain),
});

const parseExample = { uri: 'https://example.com/01/09520123456788/10/ABC1?17=261231' };
export const parseDigitalLinkOperation = defineOperation({
  name: 'digital_link_parse',
  mcpName: 'parse_digital_link',
  summary: 'Read and check a GS1 Digital Link URI',
  description:
    'Reads the path from the end in /AI/value pairs up to the GTIN (01) and the numeric query keys; answers the domain, the AIs, the element string and the canonical URI on https://id.gs1.org.',
  toolDescription: 'Reads and checks a GS1 Digital Link URI: domain, AIs, element string, canonical URI.',
  tags: ['digital link'],
  method: 'POST',
  path: '/digital-link/parse',
  input: parseDigitalLinkInput,
  output: digitalLinkOutput,
  errors: [INVALID_DIGITAL_LINK],
  example: { input: parseExample, output: () => parseDigitalLink(parseExample.uri) },
  handler: ({ uri }) => parseDigitalLink(uri),
});

export const operations = [
  generateOperation,
  validateOperation,
  checkDigitOperation,
  buildDigitalLinkOperation,
  parseDigitalLinkOperation,
];
