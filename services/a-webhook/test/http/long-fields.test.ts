// Hostile lengths (issue: a 5,000,000-character base64 signature overflowed the stack in the decoder's
// regular expression and answered 500): every one is now an ordinary verdict, over REST and MCP.
import { describe, expect, it } from 'vitest';
import { post, verify } from './helpers/client.js';

const HUGE = 'A'.repeat(5_000_000);
const cases = [
  [
    'generic base64',
    { platform: 'generic', secret: 's', payload: '{}', signature: HUGE, encoding: 'base64' },
  ],
  ['shopify', { platform: 'shopify', secret: 's', payload: '{}', signature: HUGE }],
  [
    'twilio',
    { platform: 'twilio', secret: 's', payload: 'a=1', signature: HUGE, url: 'https://example.com/hook' },
  ],
] as const;

describe('a 5,000,000-character signature', () => {
  it.each(cases)(
    '%s: 200 with valid false and reason malformed_signature, over REST and MCP',
    async (_name, body) => {
      const rest = await verify(body);
      expect(rest.status).toBe(200);
      expect(rest.json).toMatchObject({ valid: false, reason: 'malformed_signature' });

      const message = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'verify_webhook', arguments: body },
      };
      const mcp = await post('/mcp', JSON.stringify(message), { accept: 'application/json' });
      expect(mcp.status).toBe(200);
      expect(mcp.json.result.structuredContent).toMatchObject({
        valid: false,
        reason: 'malformed_signature',
      });
    },
  );
});
