// A small kit service for the MCP tests: a tool with an output schema, one that echoes the request id,
// and one whose handler throws.
import type { MiddlewareHandler } from 'hono';
import {
  createService,
  defineOperation,
  type KitEnv,
  type ServiceConfig,
  testConfig,
  z,
} from '../../src/index.js';

const sum = defineOperation({
  name: 'sum',
  summary: 'Adds two numbers',
  method: 'POST',
  path: '/v1/sum',
  input: z.strictObject({ a: z.number(), b: z.number() }),
  output: z.object({ sum: z.number() }),
  example: { input: { a: 1, b: 2 }, output: { sum: 3 } },
  handler: ({ a, b }) => ({ sum: a + b }),
});

const upper = defineOperation({
  name: 'upper',
  summary: 'Upper-cases a text',
  method: 'POST',
  path: '/v1/upper',
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string(), request_id: z.string() }),
  example: { input: { text: 'a' }, output: { text: 'A', request_id: 'r' } },
  handler: ({ text }, context) => ({ text: text.toUpperCase(), request_id: context.requestId }),
});

const boom = defineOperation({
  name: 'boom',
  summary: 'Always throws',
  method: 'POST',
  path: '/v1/boom',
  input: z.strictObject({}),
  output: z.object({}),
  handler: () => {
    throw new Error('secret internal detail');
  },
});

export const MCP_TOOLS = ['boom', 'sum', 'upper'];

export function mcpService(
  overrides: Partial<ServiceConfig> = {},
  middleware: MiddlewareHandler<KitEnv>[] = [],
) {
  return createService(
    {
      name: 'kit-mcp',
      title: 'Kit MCP',
      description: 'The kit MCP endpoint under test',
      version: '9.9.9',
      openapi: '3.1' as const,
      mcpInstructions: 'Be nice.',
      operations: [sum, upper, boom],
    },
    testConfig(overrides),
    { middleware },
  );
}
