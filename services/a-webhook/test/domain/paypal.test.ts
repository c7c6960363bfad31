import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { type VerifyInput, verifyWebhook } from '../../src/domain/index.js';
import { paypalCertificate, paypalSignature } from './helpers/sign.js';
import { selfSignedCertificate } from './helpers/x509.js';

const NOW = 1_700_000_000;
const day = 86_400;
const cert = paypalCertificate(new Date((NOW - day) * 1000), new Date((NOW + day) * 1000));
const headers = {
  transmission_id: 'b2384410-f8d2-11ed-8f2b-1b2a4d0c3c2e',
  transmission_time: '2023-11-14T22:13:20Z',
  webhook_id: '4JH86294D6297924G',
};
const payload = '{"id":"WH-58D329510W468432D-8HN650336L201105X","event_type":"CHECKOUT.ORDER.APPROVED"}';
const signature = paypalSignature(cert.privateKey, headers, payload);
const native: VerifyInput = { platform: 'paypal', payload, signature, cert: cert.certPem, ...headers };

function problem(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

describe('paypal native (certificate) scheme', () => {
  it('builds a certificate node can parse and verify', () => {
    const parsed = new X509Certificate(cert.certPem);
    expect(parsed.verify(parsed.publicKey)).toBe(true);
    expect(parsed.subject).toBe('CN=messageverificationcerts.paypal.test');
  });

  it('verifies RSA-SHA256 over id|time|webhook_id|crc32', () => {
    expect(verifyWebhook(native, { nowS: NOW })).toEqual({
      valid: true,
      platform: 'paypal',
      scheme: 'paypal-rsa',
      algorithm: 'RSA-SHA256',
      encoding: 'base64',
      reason: null,
      message: 'signature matches',
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: null,
      ignored: [],
      hints: [],
    });
  });

  it('also accepts the bare RSA public key instead of the certificate', () => {
    expect(verifyWebhook({ ...native, cert: cert.publicPem }, { nowS: NOW }).valid).toBe(true);
  });

  it.each(['transmission_id', 'transmission_time', 'webhook_id'] as const)(
    'rejects a changed %s',
    (field) => {
      expect(verifyWebhook({ ...native, [field]: `${headers[field]}0` }, { nowS: NOW })).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
        message: 'the signature does not verify with the given certificate',
      });
    },
  );

  it('flags an expired certificate', () => {
    expect(verifyWebhook(native, { nowS: NOW + 2 * day }).hints).toEqual(['certificate_expired']);
    expect(verifyWebhook(native, { nowS: NOW - 2 * day }).hints).toEqual(['certificate_not_yet_valid']);
  });

  it('names the missing native fields and mentions mode "hmac"', () => {
    const error = problem(() => verifyWebhook({ platform: 'paypal', payload, signature }));
    expect(error.code).toBe('missing_field');
    expect(error.errors?.map((e) => e.path)).toEqual([
      '/cert',
      '/transmission_id',
      '/transmission_time',
      '/webhook_id',
    ]);
    expect(error.detail).toContain('mode: "hmac"');
  });

  it('rejects a certificate that is not RSA, or not a certificate at all', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const ecPem = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const bad of [
      ecPem,
      'not a certificate',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
    ]) {
      const error = problem(() => verifyWebhook({ ...native, cert: bad }, { nowS: NOW }));
      expect(error).toMatchObject({ status: 400, code: 'invalid_public_key' });
      expect(error.errors).toEqual([
        { path: '/cert', code: 'invalid_public_key', message: expect.any(String) },
      ]);
    }
  });

  it('refuses a private key passed as the certificate, without echoing it', () => {
    const pem = cert.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const error = problem(() => verifyWebhook({ ...native, cert: pem }, { nowS: NOW }));
    expect(error.code).toBe('invalid_public_key');
    expect(JSON.stringify(error.toProblem())).not.toContain(pem.split('\n')[1]);
  });

  it('checks a certificate signed by another key just as well (the chain is not checked offline)', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = selfSignedCertificate({
      publicKey,
      privateKey,
      commonName: 'x',
      notBefore: new Date((NOW - day) * 1000),
      notAfter: new Date((NOW + day) * 1000),
    });
    expect(verifyWebhook({ ...native, cert: pem }, { nowS: NOW }).reason).toBe('signature_mismatch');
  });
});

describe('paypal mode "hmac"', () => {
  it('accepts hex or base64 HMAC-SHA256 of the payload', async () => {
    const { createHmac } = await import('node:crypto');
    const mac = createHmac('sha256', 'paypal-shared-secret').update(payload);
    const digest = mac.digest();
    const base = { platform: 'paypal', mode: 'hmac', secret: 'paypal-shared-secret', payload };
    expect(verifyWebhook({ ...base, signature: digest.toString('hex') })).toMatchObject({
      valid: true,
      scheme: 'paypal-hmac',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
    });
    expect(verifyWebhook({ ...base, signature: digest.toString('base64') })).toMatchObject({
      valid: true,
      encoding: 'base64',
    });
  });

  it('needs a secret', () => {
    const error = problem(() =>
      verifyWebhook({ platform: 'paypal', mode: 'hmac', payload, signature: 'ab' }),
    );
    expect(error.errors).toEqual([{ path: '/secret', code: 'missing_field', message: expect.any(String) }]);
  });
});
