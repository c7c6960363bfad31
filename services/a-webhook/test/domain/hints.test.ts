import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const secret = 'hint-test-secret';
const compact = '{"action":"opened","pull_request":{"number":7,"title":"a \\" b, c: d"}}';
const hex = (algo: string, key: string, data: string) => createHmac(algo, key).update(data).digest('hex');
const b64 = (algo: string, key: string, data: string) => createHmac(algo, key).update(data).digest('base64');
const githubSig = `sha256=${hex('sha256', secret, compact)}`;

describe('hints', () => {
  it('secret_has_whitespace on a mismatch with a pasted newline', () => {
    const result = verifyWebhook({
      platform: 'github',
      secret: `${secret}\n`,
      payload: compact,
      signature: githubSig,
    });
    expect(result).toMatchObject({ reason: 'signature_mismatch', hints: ['secret_has_whitespace'] });
  });

  it('payload_looks_reserialized for pretty or Python-style JSON sent to a compact-JSON platform', () => {
    const pretty = JSON.stringify(JSON.parse(compact), null, 2);
    const python = '{"action": "opened", "pull_request": {"number": 7, "title": "a \\" b, c: d"}}';
    for (const payload of [pretty, python]) {
      expect(verifyWebhook({ platform: 'github', secret, payload, signature: githubSig }).hints).toEqual([
        'payload_looks_reserialized',
      ]);
    }
  });

  it('no payload_looks_reserialized when only string contents hold spaces', () => {
    const payload = '{"title":"a b, c: d"}';
    expect(verifyWebhook({ platform: 'github', secret, payload, signature: githubSig }).hints).toEqual([]);
  });

  it('payload_looks_reserialized for one-line JSON sent to Stripe, which indents', () => {
    const ts = 1_700_000_000;
    const signature = `t=${ts},v1=${hex('sha256', 'whsec_x', `${ts}.{}`)}`;
    const result = verifyWebhook(
      { platform: 'stripe', secret: 'whsec_x', payload: '{"id":"evt_1"}', signature },
      { nowS: ts },
    );
    expect(result.hints).toEqual(['payload_looks_reserialized']);
  });

  it('payload_has_trailing_newline', () => {
    const result = verifyWebhook({
      platform: 'github',
      secret,
      payload: `${compact}\n`,
      signature: githubSig,
    });
    expect(result.hints).toEqual(['payload_has_trailing_newline']);
  });

  it('secret_missing_whsec_prefix when the Stripe secret lost its prefix', () => {
    const ts = 1_700_000_000;
    const payload = '{\n  "id": "evt_1"\n}';
    const signature = `t=${ts},v1=${hex('sha256', 'whsec_abc123', `${ts}.${payload}`)}`;
    const result = verifyWebhook({ platform: 'stripe', secret: 'abc123', payload, signature }, { nowS: ts });
    expect(result).toMatchObject({ reason: 'signature_mismatch', hints: ['secret_missing_whsec_prefix'] });
  });

  it('signature_has_prefix_of_other_platform: a GitHub signature sent as Stripe', () => {
    const result = verifyWebhook({ platform: 'stripe', secret, payload: compact, signature: githubSig });
    expect(result).toMatchObject({
      reason: 'malformed_signature',
      hints: ['signature_has_prefix_of_other_platform'],
    });
  });

  it('signature_has_prefix_of_other_platform: a Slack signature sent as GitHub', () => {
    const result = verifyWebhook({
      platform: 'github',
      secret,
      payload: compact,
      signature: `v0=${'a'.repeat(64)}`,
    });
    expect(result).toMatchObject({
      reason: 'no_supported_signature',
      ignored: ['v0'],
      hints: ['signature_has_prefix_of_other_platform'],
    });
  });

  it('signature_missing_prefix for bare hex where sha256= is expected', () => {
    const bare = githubSig.slice('sha256='.length);
    expect(verifyWebhook({ platform: 'github', secret, payload: compact, signature: bare })).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-Hub-Signature-256 must be sha256=<64 hex digits> (or sha1=<40 hex digits>)',
      hints: ['signature_missing_prefix'],
    });
  });

  it('signature_looks_hex when Shopify gets hex, signature_looks_base64 when Vercel gets base64', () => {
    const shopify = verifyWebhook({
      platform: 'shopify',
      secret,
      payload: compact,
      signature: hex('sha256', secret, compact),
    });
    expect(shopify).toMatchObject({ reason: 'malformed_signature', hints: ['signature_looks_hex'] });
    const vercel = verifyWebhook({
      platform: 'vercel',
      secret,
      payload: compact,
      signature: b64('sha1', secret, compact),
    });
    expect(vercel).toMatchObject({ reason: 'malformed_signature', hints: ['signature_looks_base64'] });
  });

  it('signature_prefix_names_other_algorithm when the generic prefix disagrees with algo', () => {
    const signature = `sha1=${hex('sha256', secret, compact)}`;
    expect(verifyWebhook({ platform: 'generic', secret, payload: compact, signature })).toMatchObject({
      valid: true,
      hints: ['signature_prefix_names_other_algorithm'],
    });
    const matching = `sha256=${hex('sha256', secret, compact)}`;
    expect(
      verifyWebhook({ platform: 'generic', secret, payload: compact, signature: matching }).hints,
    ).toEqual([]);
  });

  it('timestamp_looks_like_milliseconds for Slack', () => {
    const ms = 1_700_000_000_000;
    const signature = `v0=${hex('sha256', secret, `v0:${ms}:${compact}`)}`;
    const result = verifyWebhook(
      { platform: 'slack', secret, payload: compact, signature, timestamp: ms },
      { nowS: 1_700_000_000 },
    );
    expect(result.hints).toEqual(['timestamp_looks_like_milliseconds']);
  });

  it('Linear: timestamp_differs_from_payload and no_timestamp_checked', () => {
    const payload = '{"action":"create","webhookTimestamp":1700000000000}';
    const signature = hex('sha256', secret, payload);
    const differs = verifyWebhook(
      { platform: 'linear', secret, payload, signature, timestamp: 1_700_000_010 },
      { nowS: 1_700_000_010 },
    );
    expect(differs).toMatchObject({
      valid: true,
      timestamp: 1_700_000_010,
      hints: ['timestamp_differs_from_payload'],
    });
    const same = verifyWebhook(
      { platform: 'linear', secret, payload, signature, timestamp: '1700000000' },
      { nowS: 1_700_000_000 },
    );
    expect(same.hints).toEqual([]);
    const bare = '{"action":"create"}';
    const none = verifyWebhook({
      platform: 'linear',
      secret,
      payload: bare,
      signature: hex('sha256', secret, bare),
    });
    expect(none).toMatchObject({
      valid: true,
      timestamp: null,
      tolerance_s: 60,
      hints: ['no_timestamp_checked'],
    });
  });

  it('a valid result carries no mismatch hints even with a whitespace secret', () => {
    const key = 'with space';
    const signature = `sha256=${hex('sha256', key, compact)}`;
    expect(verifyWebhook({ platform: 'github', secret: key, payload: compact, signature }).hints).toEqual([]);
  });
});
