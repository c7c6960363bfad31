import type { McpTool } from '../src/index.js';

export const sumTool: McpTool = {
  name: 'sum',
  description: 'Adds two numbers.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { sum: { type: 'number' } },
    required: ['sum'],
    additionalProperties: false,
  },
  call(args) {
    const { a, b } = args;
    if (typeof a !== 'number' || typeof b !== 'number') {
      return {
        ok: false,
        message: 'a and b must be numbers',
        data: { errors: [{ path: '/a', code: 'type' }] },
      };
    }
    return { ok: true, value: { sum: a + b } };
  },
};

export const upperTool: McpTool = {
  name: 'upper',
  title: 'Upper case',
  description: 'Upper-cases text.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  annotations: { openWorldHint: true, title: 'Shout' },
  async call(args, context) {
    if (typeof args.text !== 'string') return { ok: false, message: 'text must be a string' };
    return { ok: true, value: { text: args.text.toUpperCase(), requestId: context.requestId ?? null } };
  },
};

export const boomTool: McpTool = {
  name: 'boom',
  description: 'Always throws.',
  inputSchema: { type: 'object' },
  call() {
    throw new Error('secret internal detail');
  },
};

export const tools = [upperTool, sumTool, boomTool];
