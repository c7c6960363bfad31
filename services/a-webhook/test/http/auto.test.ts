/**
 * `platform: "auto"` on the built server over a real socket, REST and MCP alike: detection with
 * detected_platform, the 422 problems with candidates and headers_seen, and 400 without headers.
 */
import { describe, expect, it } from 'vitest';
import { restAndTool, useBuiltServer } from './helpers/built.js';

const built = useBuiltServer();
const verify = (body: Record<string, unknown>) => restAndTool(built(), 'verify_webhook', '/verify', body);

describe('platform "auto" over REST and MCP on the built server', () => {
  it('GitHub’s vector from its headers (any case): the /verify answer plus detected_platform', async () => {
    const { status, json } = await verify({
      platform: 'auto',
      secret: "It's a Secret to Everybody",
      payload: 'Hello, World!',
      headers: {
        'x-github-event': 'ping',
        'X-HUB-SIGNATURE-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      valid: true,
      platform: 'github',
      scheme: 'github-sha256',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      reason: null,
      message: 'signature matches',
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: 0,
      ignored: [],
      hints: [],
      detected_platform: 'github',
    });
  });

  it('422 platform_not_detected and ambiguous_platform, with headers_seen; 400 without headers', async () => {
    const none = await verify({
      platform: 'auto',
      secret: 'k',
      payload: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(none.status).toBe(422);
    expect(none.json).toMatchObject({
      code: 'platform_not_detected',
      valid: false,
      headers_seen: ['Content-Type'],
      detail: 'platform: no header names a platform; pass platform by name (headers seen: Content-Type)',
    });
    const two = await verify({
      platform: 'auto',
      secret: 'k',
      payload: '{}',
      headers: { 'X-Hub-Signature': 'sha1=00' },
    });
    expect(two.status).toBe(422);
    expect(two.json).toMatchObject({
      code: 'ambiguous_platform',
      candidates: ['github', 'intercom'],
      headers_seen: ['X-Hub-Signature'],
      valid: false,
    });
    const missing = await verify({ platform: 'auto', secret: 'k', payload: '{}' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      code: 'missing_field',
      errors: [{ path: '/headers' }],
      valid: false,
    });
  });
});
