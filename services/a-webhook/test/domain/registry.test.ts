import { describe, expect, it } from 'vitest';
import { listPlatforms, PLATFORM_NAMES, PLATFORMS, VERIFY_FIELDS } from '../../src/domain/index.js';

describe('platform registry', () => {
  it('lists the 37 platforms in the order of the spec (the one test that spells the final list)', () => {
    expect(PLATFORMS.map((p) => p.name)).toEqual([
      'stripe',
      'github',
      'shopify',
      'slack',
      'twilio',
      'sendgrid',
      'paddle',
      'paypal',
      'linear',
      'notion',
      'vercel',
      'cloudflare',
      'standard-webhooks',
      'svix',
      'discord',
      'gitlab',
      'hubspot',
      'square',
      'zendesk',
      'typeform',
      'mailchimp',
      'intercom',
      'segment',
      'meta',
      'zoom',
      'twitch',
      'woocommerce',
      'lemonsqueezy',
      'elevenlabs',
      'webflow',
      'calendly',
      'mux',
      'openai',
      'replicate',
      'polar',
      'generic-ed25519',
      'generic',
    ]);
    expect(PLATFORMS).toHaveLength(37);
    expect(PLATFORM_NAMES).toEqual(PLATFORMS.map((p) => p.name));
  });

  it('GET /platforms gets exactly the documented fields', () => {
    const { platforms, count } = listPlatforms();
    expect(count).toBe(PLATFORM_NAMES.length);
    for (const info of platforms) {
      expect(Object.keys(info)).toEqual([
        'name',
        'kind',
        'scheme',
        'algorithm',
        'encoding',
        'signature_header',
        'timestamp_header',
        'required_fields',
        'optional_fields',
        'default_tolerance_s',
      ]);
    }
    expect(platforms[0]).toEqual({
      name: 'stripe',
      kind: 'payments processor',
      scheme: 'stripe-v1',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      signature_header: 'Stripe-Signature',
      timestamp_header: 'Stripe-Signature',
      required_fields: ['secret', 'payload', 'signature'],
      optional_fields: ['tolerance', 'now'],
      default_tolerance_s: 300,
    });
  });

  it('lists the Standard Webhooks, Svix, Discord and Ed25519 rows exactly', () => {
    const rows = Object.fromEntries(listPlatforms().platforms.map((p) => [p.name, p]));
    const standard = {
      kind: 'webhook standard',
      scheme: 'standard-webhooks-v1',
      algorithm: 'HMAC-SHA256',
      encoding: 'base64',
      signature_header: 'webhook-signature',
      timestamp_header: 'webhook-timestamp',
      required_fields: ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'],
      optional_fields: ['public_key', 'tolerance', 'now'],
      default_tolerance_s: 300,
    };
    expect(rows['standard-webhooks']).toEqual({ name: 'standard-webhooks', ...standard });
    expect(rows.svix).toEqual({
      ...standard,
      name: 'svix',
      kind: 'webhook service',
      scheme: 'svix-v1',
      signature_header: 'svix-signature',
      timestamp_header: 'svix-timestamp',
    });
    expect(rows.discord).toEqual({
      name: 'discord',
      kind: 'chat platform (interactions)',
      scheme: 'discord-ed25519',
      algorithm: 'Ed25519',
      encoding: 'hex',
      signature_header: 'X-Signature-Ed25519',
      timestamp_header: 'X-Signature-Timestamp',
      required_fields: ['public_key', 'payload', 'signature', 'timestamp'],
      optional_fields: ['tolerance', 'now'],
      default_tolerance_s: null,
    });
    const templateFields = [
      'signed_content',
      'timestamp',
      'webhook_id',
      'url',
      'method',
      'signature_header',
      'timestamp_header',
      'tolerance',
      'now',
    ];
    expect(rows['generic-ed25519']).toMatchObject({
      required_fields: ['public_key', 'payload', 'signature'],
      optional_fields: ['encoding', ...templateFields],
      signature_header: null,
    });
    expect(rows.generic).toMatchObject({ optional_fields: ['algo', 'encoding', ...templateFields] });
  });

  it('declares the tolerances of the spec (for the platforms of the spec and of this helper)', () => {
    const tolerances = Object.fromEntries(PLATFORMS.map((p) => [p.name, p.default_tolerance_s]));
    expect(tolerances).toMatchObject({
      stripe: 300,
      github: null,
      shopify: null,
      slack: 300,
      twilio: null,
      sendgrid: 300,
      paddle: 5,
      paypal: null,
      linear: 60,
      notion: null,
      vercel: null,
      cloudflare: null,
      'standard-webhooks': 300,
      svix: 300,
      discord: null,
      'generic-ed25519': null,
      generic: null,
    });
    const optional = PLATFORMS.filter((p) => p.optional_window).map((p) => p.name);
    expect(optional).toEqual(['discord', 'generic-ed25519', 'generic']);
  });

  it('requires a secret everywhere except the public-key platforms, and payload + signature everywhere', () => {
    for (const platform of PLATFORMS) {
      expect(platform.required_fields).toContain('payload');
      expect(platform.required_fields).toContain('signature');
      const needsSecret = !['sendgrid', 'paypal', 'discord', 'generic-ed25519'].includes(platform.name);
      expect(platform.required_fields.includes('secret')).toBe(needsSecret);
    }
  });

  it('only names fields that exist in the field description', () => {
    const names = new Set(VERIFY_FIELDS.map((field) => field.name));
    for (const platform of PLATFORMS) {
      for (const field of [...platform.required_fields, ...platform.optional_fields])
        expect(names).toContain(field);
    }
    expect([...names]).toEqual([
      'platform',
      'secret',
      'payload',
      'payload_base64',
      'headers',
      'signature',
      'timestamp',
      'url',
      'content_type',
      'public_key',
      'mode',
      'algo',
      'encoding',
      'tolerance',
      'now',
      'cert',
      'transmission_id',
      'transmission_time',
      'webhook_id',
      'method',
      'signed_content',
      'signature_header',
      'timestamp_header',
    ]);
  });
});
