/**
 * gitlab, hubspot, square, zendesk, typeform, mailchimp, intercom and segment over REST (`app.request`)
 * and MCP (tools/call on /mcp): every answer is asked of both, and the MCP result must equal the REST body.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flipPayload, flipSignatureChar, garble, truncate } from '../domain/helpers/fixtures.js';
import { hubspotSignature, MORE_FIXTURES, MORE_NOW } from '../domain/helpers/more-platforms.js';
import { mcp, problemBoth, verifyBoth } from './helpers/both.js';
import { get } from './helpers/client.js';
import { recordResponse } from './helpers/recorder.js';
import { OTHER, SECRET } from './helpers/secrets.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
type Json = any;

/** Both surfaces (helpers/both.ts), every delivery judged at MORE_NOW unless it says otherwise. */
const both = (body: Record<string, unknown>) => verifyBoth({ now: MORE_NOW, ...body });
const problem = (body: Record<string, unknown>) => problemBoth({ now: MORE_NOW, ...body });

it('GET /platforms and list_platforms list the eight, in order, with their exact headers and fields', async () => {
  const rest = await get('/platforms');
  const tool = await mcp.callTool('list_platforms', {});
  recordResponse('mcp list_platforms', JSON.stringify(tool));
  expect(tool.result.structuredContent).toEqual(rest.json);
  const platforms: Json[] = rest.json.platforms;
  const ours = platforms.filter((p) => MORE_FIXTURES.some((f) => f.platform === p.name));
  expect(ours.map((p) => [p.name, p.signature_header, p.timestamp_header, p.default_tolerance_s])).toEqual([
    ['gitlab', 'X-Gitlab-Token', null, null],
    ['hubspot', 'X-HubSpot-Signature-v3', 'X-HubSpot-Request-Timestamp', 300],
    ['square', 'x-square-hmacsha256-signature', null, null],
    ['zendesk', 'X-Zendesk-Webhook-Signature', 'X-Zendesk-Webhook-Signature-Timestamp', 300],
    ['typeform', 'Typeform-Signature', null, null],
    ['mailchimp', 'X-Mandrill-Signature', null, null],
    ['intercom', 'X-Hub-Signature', null, null],
    ['segment', 'X-Signature', null, null],
  ]);
  for (const fixture of MORE_FIXTURES) {
    expect(ours.find((p) => p.name === fixture.platform).required_fields).toEqual(fixture.required);
  }
  const names = platforms.map((p) => p.name);
  expect(names.slice(names.indexOf('gitlab'), names.indexOf('segment') + 1)).toEqual(
    MORE_FIXTURES.map((f) => f.platform),
  );
  expect(names.indexOf('discord')).toBeLessThan(names.indexOf('gitlab'));
  expect(names.indexOf('segment')).toBeLessThan(names.indexOf('generic'));
});

describe.each(MORE_FIXTURES)('$platform over REST and MCP', (fixture) => {
  const signed = (options: { secret?: string; ts?: number; mutate?: (s: string) => string } = {}) =>
    fixture.sign(options.secret ?? SECRET, options.ts ?? MORE_NOW, options.mutate);

  it('valid → valid: true', async () => {
    expect(await both(signed())).toMatchObject({
      valid: true,
      platform: fixture.platform,
      reason: null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: 0,
      hints: [],
    });
  });

  it(`one flipped payload byte → ${fixture.staticToken ? 'still valid (nothing is signed)' : 'signature_mismatch'}`, async () => {
    const input = signed();
    const result = await both({ ...input, payload: flipPayload(input.payload as string) });
    expect(result).toMatchObject(
      fixture.staticToken ? { valid: true, reason: null } : { valid: false, reason: 'signature_mismatch' },
    );
  });

  it('one changed signature character → signature_mismatch', async () => {
    expect(await both(signed({ mutate: flipSignatureChar }))).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_signature_index: null,
      matched_secret_index: null,
    });
  });

  it('a failing answer never contains the expected signature (not a signing oracle)', async () => {
    const expected = (signed().signature as string).replace(/^sha(?:1|256)=/, '');
    const tampered = signed({ mutate: flipSignatureChar });
    const result = await both(tampered);
    expect(result.valid).toBe(false);
    expect(JSON.stringify(result)).not.toContain(expected);
  });

  it('one flipped byte of the secret → signature_mismatch', async () => {
    const input = signed();
    expect(await both({ ...input, secret: flipPayload(SECRET) })).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
    });
  });

  it('a truncated or garbled signature → malformed_signature', async () => {
    if (fixture.staticToken) {
      // A static token has no encoding or length: only an empty one is malformed.
      expect(await both({ ...signed(), signature: '' })).toMatchObject({ reason: 'malformed_signature' });
      expect(await both(signed({ mutate: truncate }))).toMatchObject({ reason: 'signature_mismatch' });
      return;
    }
    for (const mutate of [truncate, garble]) {
      expect(await both(signed({ mutate }))).toMatchObject({ valid: false, reason: 'malformed_signature' });
    }
  });

  it('a rotated secret list matches at index 1', async () => {
    const input = signed();
    expect(await both({ ...input, secret: [OTHER, SECRET] })).toMatchObject({
      valid: true,
      matched_secret_index: 1,
    });
  });

  it('each missing required field → 400 missing_field naming it', async () => {
    const input = signed();
    for (const field of fixture.required) {
      const { [field]: _removed, ...rest } = input;
      const body = await problem(rest);
      expect(body).toMatchObject({
        status: 400,
        code: 'missing_field',
        valid: false,
        errors: [{ path: `/${field}`, code: 'missing_field' }],
      });
      expect(body.detail).toContain(field);
    }
  });

  if (fixture.window !== null) {
    const window = fixture.window;

    it(`stale by ${window.tolerance + 1} s → timestamp_too_old; tolerance: 0 accepts it`, async () => {
      const ts = MORE_NOW - window.tolerance - 1;
      expect(await both(signed({ ts }))).toMatchObject({
        valid: false,
        reason: 'timestamp_too_old',
        timestamp: ts,
        timestamp_age_s: window.tolerance + 1,
        tolerance_s: window.tolerance,
        matched_signature_index: 0,
      });
      expect(await both({ ...signed({ ts }), tolerance: 0 })).toMatchObject({
        valid: true,
        tolerance_s: 0,
        timestamp_age_s: window.tolerance + 1,
      });
    });

    it(`${window.tolerance + 1} s in the future → ${window.rejectsFuture ? 'timestamp_in_future' : 'accepted'}`, async () => {
      expect(await both(signed({ ts: MORE_NOW + window.tolerance + 1 }))).toMatchObject({
        valid: !window.rejectsFuture,
        reason: window.rejectsFuture ? 'timestamp_in_future' : null,
        timestamp_age_s: -(window.tolerance + 1),
      });
    });

    it('an unreadable timestamp that was signed → invalid_timestamp', async () => {
      const input = signed();
      const bad = fixture.platform === 'zendesk' ? 'yesterday' : '17e11';
      // Re-sign over the unreadable text, so that the signature matches and the timestamp is judged.
      const withBad = { ...input, timestamp: bad };
      const result = await both({ ...withBad, signature: resignedSignature(fixture.platform, withBad) });
      expect(result).toMatchObject({ valid: false, reason: 'invalid_timestamp', timestamp: null });
    });
  }
});

/** The signature over a delivery whose timestamp text was replaced (hubspot and zendesk sign it as received). */
function resignedSignature(platform: string, body: Record<string, unknown>): string {
  const [secret, payload, timestamp] = [body.secret, body.payload, body.timestamp] as string[];
  if (platform === 'zendesk')
    return createHmac('sha256', secret!)
      .update(timestamp! + payload!)
      .digest('base64');
  return hubspotSignature(secret!, 'POST', body.url as string, payload!, timestamp!);
}
