import { describe, expect, it } from 'vitest';
import { listPlatforms, PLATFORM_NAMES, PLATFORMS, VERIFY_FIELDS } from '../../src/domain/index.js';

describe('platform registry', () => {
  it('lists the 13 platforms in the order of the spec', () => {
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
      'generic',
    ]);
    expect(PLATFORM_NAMES).toEqual(PLATFORMS.map((p) => p.name));
  });

  it('GET /platforms gets exactly the documented fields', () => {
    const { platforms, count } = listPlatforms();
    expect(count).toBe(13);
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

  it('declares the tolerances of the spec', () => {
    const tolerances = Object.fromEntries(PLATFORMS.map((p) => [p.name, p.default_tolerance_s]));
    expect(tolerances).toEqual({
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
      generic: null,
    });
  });

  it('requires a secret everywhere except sendgrid and native paypal, and payload + signature everywhere', () => {
    for (const platform of PLATFORMS) {
      expect(platform.required_fields).toContain('payload');
      expect(platform.required_fields).toContain('signature');
      const needsSecret = !['sendgrid', 'paypal'].includes(platform.name);
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
    ]);
  });
});
