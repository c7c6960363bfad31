import { createHmac } from 'node:crypto';
import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPlatforms } from '../../src/domain/index.js';
import { GITHUB_EXAMPLE } from '../../src/operations.js';
import { app, readResponse, verify } from './helpers/client.js';
import { recordResponse, registerSecrets } from './helpers/recorder.js';
import { OTHER, SECRET } from './helpers/secrets.js';

let server: Awaited<ReturnType<typeof listen>>;
let client: Client;

beforeAll(async () => {
  server = await listen(app);
  client = new Client({ name: 'a-webhook-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** tools/call through the SDK client; the arguments' secret is registered and the result recorded. */
async function call(name: string, args: Record<string, unknown>) {
  registerSecrets(args.secret);
  const result = await client.callTool({ name, arguments: args });
  recordResponse(`mcp ${name}`, JSON.stringify(result));
  return result as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { text: string }[];
  };
}

const signedGithub = (payload: string, secret = SECRET) => ({
  platform: 'github',
  secret,
  payload,
  signature: `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
});

describe('MCP with the official SDK client', () => {
  it('connects and lists the 4 tools with their schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'a-webhook', version: '1.0.0' });
    const { tools } = await client.listTools();
    recordResponse('mcp tools/list', JSON.stringify(tools));
    expect(tools.map((tool) => tool.name)).toEqual([
      'answer_handshake',
      'list_platforms',
      'sign_webhook',
      'verify_webhook',
    ]);
    const verifyTool = tools.find((tool) => tool.name === 'verify_webhook')!;
    expect(verifyTool.inputSchema).toMatchObject({ type: 'object', required: ['platform'] });
    expect(verifyTool.inputSchema).not.toHaveProperty('$schema');
    const properties = verifyTool.inputSchema.properties as Record<string, { description?: string }>;
    expect(properties.secret!.description).toMatch(/rotation/);
    expect(verifyTool.outputSchema).toMatchObject({ type: 'object' });
    // Written for an AI caller: short, in tool terms (no HTTP statuses), naming the easy path and the result.
    for (const tool of tools) expect(tool.description!.length).toBeLessThan(1500);
    for (const word of ['`headers`', '`payload_base64`', '`valid`', '`reason`', '`hints`', 'tool error'])
      expect(verifyTool.description).toContain(word);
    expect(verifyTool.description).not.toMatch(/\b(400|200|413|problem)\b/);
    const listTool = tools.find((tool) => tool.name === 'list_platforms')!;
    expect(listTool.description).toContain(`Lists the ${listPlatforms().count} webhook platforms`);
    for (const tool of tools)
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
  });

  it('verify_webhook: the GitHub vector is valid, and structuredContent equals the HTTP answer', async () => {
    const result = await call('verify_webhook', { ...GITHUB_EXAMPLE });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ valid: true, reason: null, platform: 'github' });
    expect(result.structuredContent).toEqual((await verify({ ...GITHUB_EXAMPLE })).json);
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it('verify_webhook: failures are results, with nullable fields the client validates', async () => {
    const input = signedGithub('{"a":1}');
    const rotated = await call('verify_webhook', { ...input, secret: [OTHER, SECRET] });
    expect(rotated.structuredContent).toMatchObject({ valid: true, matched_secret_index: 1 });
    const tampered = await call('verify_webhook', { ...input, payload: '{"a": 2}' });
    expect(tampered.isError).toBeFalsy();
    expect(tampered.structuredContent).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_secret_index: null,
      hints: ['payload_looks_reserialized'],
    });
    const slackPayload = 'token=x';
    const stale = await call('verify_webhook', {
      platform: 'slack',
      secret: SECRET,
      payload: slackPayload,
      timestamp: 1_600_000_000,
      signature: `v0=${createHmac('sha256', SECRET).update(`v0:1600000000:${slackPayload}`).digest('hex')}`,
      now: 1_600_000_400.5,
    });
    expect(stale.structuredContent).toMatchObject({ reason: 'timestamp_too_old', timestamp_age_s: 400.5 });
  });

  it('verify_webhook with bad arguments → isError with the problem detail', async () => {
    const invalid = await call('verify_webhook', { ...signedGithub('{}'), tolerance: -1 });
    expect(invalid.isError).toBe(true);
    expect(invalid.content[0]!.text).toMatch(/\/tolerance/);
    const unknown = await call('verify_webhook', { ...signedGithub('{}'), platform: 'bitbucket' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain('platform must be one of: stripe, github');
    const missing = await call('verify_webhook', { platform: 'slack', payload: '', secret: SECRET });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toBe('missing required fields for platform slack: signature, timestamp');
    expect(JSON.parse(missing.content[1]!.text)).toMatchObject({ code: 'missing_field', valid: false });
  });

  it('list_platforms returns every platform', async () => {
    const result = await call('list_platforms', {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(listPlatforms());
    expect(result.structuredContent!.count).toBe(listPlatforms().platforms.length);
  });

  it('GET /mcp answers the server info', async () => {
    const res = await readResponse(
      'GET /mcp',
      await fetch(`${server.origin}/mcp`, { headers: { accept: 'application/json' } }),
    );
    expect(res.json).toEqual({
      name: 'a-webhook',
      version: '1.0.0',
      protocolVersion: '2025-11-25',
      transport: 'streamable-http',
      tools: ['answer_handshake', 'list_platforms', 'sign_webhook', 'verify_webhook'],
    });
  });
});
