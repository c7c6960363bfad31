import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { getHmac } from '@shopify/shopify-api/test-helpers';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const secret = 'shopify-api-secret-key';
const payload = '{"id":820982911946154508,"email":"jon@example.com","total_price":"403.00"}';
const apiVersion = ApiVersion.October25;
const shopify = shopifyApi({
  apiKey: 'test-api-key',
  apiSecretKey: secret,
  apiVersion,
  isEmbeddedApp: false,
  hostName: 'localhost',
  logger: { level: LogSeverity.Error, log: async () => {} },
});

/** Shopify's own webhook validator, given the headers Shopify sends. */
async function shopifyAccepts(body: string, hmac: string): Promise<boolean> {
  const headers = {
    'x-shopify-hmac-sha256': hmac,
    'x-shopify-topic': 'orders/create',
    'x-shopify-api-version': apiVersion,
    'x-shopify-shop-domain': 'test-shop.myshopify.com',
    'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
    'x-shopify-triggered-at': new Date().toISOString(),
  };
  const result = await shopify.webhooks.validate({
    rawBody: body,
    rawRequest: { headers, method: 'POST', url: '/webhooks' },
    rawResponse: {},
  });
  return result.valid;
}

describe('@shopify/shopify-api cross-check', () => {
  it('accepts the HMAC from the test helper getHmac, as webhooks.validate does', async () => {
    const hmac = getHmac(payload, secret);
    expect(await shopifyAccepts(payload, hmac)).toBe(true);
    expect(verifyWebhook({ platform: 'shopify', secret, payload, signature: hmac })).toMatchObject({
      valid: true,
      encoding: 'base64',
    });
  });

  it('agrees on a tampered payload and a wrong secret', async () => {
    const hmac = getHmac(payload, secret);
    const tampered = payload.replace('403.00', '0.01');
    expect(await shopifyAccepts(tampered, hmac)).toBe(false);
    expect(verifyWebhook({ platform: 'shopify', secret, payload: tampered, signature: hmac }).reason).toBe(
      'signature_mismatch',
    );
    const wrong = getHmac(payload, 'another-secret');
    expect(await shopifyAccepts(payload, wrong)).toBe(false);
    expect(verifyWebhook({ platform: 'shopify', secret, payload, signature: wrong }).reason).toBe(
      'signature_mismatch',
    );
  });
});
