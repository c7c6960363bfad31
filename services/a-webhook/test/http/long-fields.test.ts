// Hostile lengths (issue: a 5,000,000-character base64 signature overflowed the stack in the decoder's
// regular expression and answered 500): now a 400 naming the field, before any decoding, over REST and MCP.
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
  it('and a 30 MB SendGrid public key are refused the same way', async () => {
    const res = await verify({
      platform: 'sendgrid',
      public_key: 'A'.repeat(30_000_000),
      payload: '{}',
      signature: 'x',
      timestamp: '1',
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ path: '/public_key', code: 'too_long' });
  });

  it.each(cases)('%s: 400 naming /signature, over REST and MCP', async (_name, body) => {
    const rest = await verify(body);
    expect(rest.status).toBe(400);
    expect(rest.json).toMatchObject({
      valid: false,
      code: 'validation_failed',
      errors: [{ path: '/signature', code: 'too_long', message: 'must be at most 8192 characters' }],
    });

    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'verify_webhook', arguments: body },
    };
    const mcp = await post('/mcp', JSON.stringify(message), { accept: 'application/json' });
    expect(mcp.status).toBe(200);
    expect(mcp.json.result.isError).toBe(true);
    expect(JSON.parse(mcp.json.result.content[1].text)).toMatchObject({
      code: 'validation_failed',
      valid: false,
    });
  });
});
