// Keys with bytes after their DER structure and calendar dates that do not exist are refused exactly as a
// malformed key or timestamp is. Keys and certificates come from node:crypto (and the test's own DER
// builder); every delivery is signed here with node:crypto, independently of the code under test.
import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type VerifyInput, verifyWebhook } from '../../src/domain/index.js';
import { parseEd25519PublicKey, parseP256PublicKey, parseRsaCertificate } from '../../src/domain/keys.js';
import { problemFrom } from './helpers/problem.js';
import { paypalSignature } from './helpers/sign.js';
import { selfSignedCertificate } from './helpers/x509.js';

const NOW = 1_700_000_000;
const BODY = '{"id":"evt_strict","n":2}';
const SECRET = 'strict-secret';

const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const ed = generateKeyPairSync('ed25519');
const rsa2048 = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 });

const spki = (key: KeyObject) => key.export({ format: 'der', type: 'spki' });
const pemOf = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END ${label}-----\n`;
/** The DER with `extra` bytes after its outer structure. */
const trailing = (der: Buffer, ...extra: number[]) => Buffer.concat([der, Buffer.from(extra)]);
/** The same SEQUENCE with BER's indefinite length (0x80) and an end-of-contents marker. */
function indefinite(der: Buffer): Buffer {
  const header = der[1]! < 0x80 ? 2 : 2 + (der[1]! & 0x7f);
  return Buffer.concat([Buffer.from([0x30, 0x80]), der.subarray(header), Buffer.from([0, 0])]);
}

/** The whole 400 `invalid_public_key` problem for `field`. */
function expectKeyProblem(input: VerifyInput, field: 'public_key' | 'cert', message: string): void {
  const error = problemFrom(() => verifyWebhook(input, { nowS: NOW }));
  expect(error.toProblem(), JSON.stringify(input[field as keyof VerifyInput])).toEqual({
    type: 'urn:problem:invalid_public_key',
    title: 'Invalid public key',
    status: 400,
    detail: `${field}: ${message}`,
    code: 'invalid_public_key',
    errors: [{ path: `/${field}`, code: 'invalid_public_key', message }],
    valid: false,
  });
}

describe('SendGrid: a P-256 key with bytes after its SubjectPublicKeyInfo', () => {
  const timestamp = String(NOW);
  const signature = sign('sha256', Buffer.from(timestamp + BODY), {
    key: p256.privateKey,
    dsaEncoding: 'der',
  }).toString('base64');
  const base = { platform: 'sendgrid', payload: BODY, timestamp, signature, now: NOW };
  const der = spki(p256.publicKey);
  const NOT_A_KEY = 'must be a PEM public key or a base64 DER SubjectPublicKeyInfo';

  it('the exact key verifies, bare or PEM (91 bytes: a short-form length)', () => {
    expect(der.length).toBe(91);
    expect(der[1]).toBe(89);
    for (const publicKey of [der.toString('base64'), pemOf('PUBLIC KEY', der)]) {
      expect(verifyWebhook({ ...base, public_key: publicKey })).toEqual({
        valid: true,
        platform: 'sendgrid',
        scheme: 'sendgrid-ecdsa',
        algorithm: 'ECDSA-P256-SHA256',
        encoding: 'base64',
        reason: null,
        message: 'signature matches; timestamp 0 s old (tolerance 300 s)',
        timestamp: NOW,
        timestamp_age_s: 0,
        tolerance_s: 300,
        signatures_found: 1,
        matched_signature_index: 0,
        matched_secret_index: null,
        ignored: [],
        hints: [],
      });
    }
  });

  it('one trailing byte, two zero bytes, a second copy of the key, or a missing byte are refused', () => {
    for (const bytes of [
      trailing(der, 0x05),
      trailing(der, 0x00, 0x00),
      Buffer.concat([der, der]),
      der.subarray(0, -1),
      indefinite(der),
    ]) {
      expectKeyProblem({ ...base, public_key: bytes.toString('base64') }, 'public_key', NOT_A_KEY);
      expectKeyProblem({ ...base, public_key: pemOf('PUBLIC KEY', bytes) }, 'public_key', NOT_A_KEY);
    }
  });

  it('a PEM block without its END line, or with another label at the end, is no key', () => {
    const text = pemOf('PUBLIC KEY', der);
    for (const broken of [
      text.replace('-----END PUBLIC KEY-----', ''),
      text.replace('-----END PUBLIC KEY-----', '-----END CERTIFICATE-----'),
    ]) {
      expectKeyProblem({ ...base, public_key: broken }, 'public_key', NOT_A_KEY);
    }
  });

  it('parseP256PublicKey reads the PEM body between its lines only, whitespace anywhere in it', () => {
    const spaced = `-----BEGIN PUBLIC KEY-----\r\n ${der.toString('base64').replace(/(.{10})/g, '$1 \t\r\n')}\r\n-----END PUBLIC KEY-----`;
    expect(parseP256PublicKey(spaced).export({ format: 'der', type: 'spki' })).toEqual(der);
    // Text after the END line (e.g. a second block) is not part of the key.
    expect(
      parseP256PublicKey(`${pemOf('PUBLIC KEY', der)}\ncomment after the block`).export({
        format: 'der',
        type: 'spki',
      }),
    ).toEqual(der);
  });
});

describe('PayPal: a certificate or RSA key with bytes after its DER', () => {
  const day = 86_400;
  const headers = {
    transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    transmission_time: '2023-11-14T22:13:20Z',
    webhook_id: '1JE4291016473214C',
  };
  const certificate = selfSignedCertificate({
    publicKey: rsa2048.publicKey,
    privateKey: rsa2048.privateKey,
    commonName: 'messageverificationcerts.paypal.test',
    notBefore: new Date((NOW - day) * 1000),
    notAfter: new Date((NOW + day) * 1000),
  });
  const certificateDer = Buffer.from(
    certificate.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, ''),
    'base64',
  );
  const base = {
    platform: 'paypal',
    payload: BODY,
    signature: paypalSignature(rsa2048.privateKey, headers, BODY),
    ...headers,
  };
  const base1024 = { ...base, signature: paypalSignature(rsa1024.privateKey, headers, BODY) };
  const NOT_A_CERT = 'must be a PEM certificate or an RSA public key';

  it('the exact certificate and keys verify (long-form lengths of one and two bytes)', () => {
    expect([...spki(rsa2048.publicKey).subarray(0, 4)]).toEqual([0x30, 0x82, 0x01, 0x22]);
    expect([...spki(rsa1024.publicKey).subarray(0, 3)]).toEqual([0x30, 0x81, 0x9f]);
    for (const [input, cert] of [
      [base, certificate],
      [base, pemOf('CERTIFICATE', certificateDer)],
      [base, spki(rsa2048.publicKey).toString('base64')],
      [base, pemOf('PUBLIC KEY', spki(rsa2048.publicKey))],
      [base1024, spki(rsa1024.publicKey).toString('base64')],
      [base1024, pemOf('PUBLIC KEY', spki(rsa1024.publicKey))],
    ] as const) {
      expect(verifyWebhook({ ...input, cert }, { nowS: NOW }), cert).toMatchObject({
        valid: true,
        scheme: 'paypal-rsa',
        message: 'signature matches',
        hints: [],
      });
    }
    expect(parseRsaCertificate(certificate)).toMatchObject({ validFromS: NOW - day, validToS: NOW + day });
  });

  it('a certificate with trailing bytes, or cut short, is refused as no certificate', () => {
    for (const der of [
      trailing(certificateDer, 0x00),
      trailing(certificateDer, 0x30, 0x00),
      Buffer.concat([certificateDer, certificateDer]),
      certificateDer.subarray(0, -1),
      indefinite(certificateDer),
    ]) {
      expectKeyProblem({ ...base, cert: pemOf('CERTIFICATE', der) }, 'cert', NOT_A_CERT);
    }
    expectKeyProblem(
      { ...base, cert: certificate.replace('-----END CERTIFICATE-----', '') },
      'cert',
      NOT_A_CERT,
    );
  });

  it('an RSA key with trailing bytes is refused, bare or PEM, whatever its length form', () => {
    for (const [input, key] of [
      [base, rsa2048.publicKey],
      [base1024, rsa1024.publicKey],
    ] as const) {
      for (const der of [trailing(spki(key), 0x00), trailing(spki(key), 0x05, 0x00), indefinite(spki(key))]) {
        expectKeyProblem({ ...input, cert: der.toString('base64') }, 'cert', NOT_A_CERT);
        expectKeyProblem({ ...input, cert: pemOf('PUBLIC KEY', der) }, 'cert', NOT_A_CERT);
      }
    }
  });
});

describe('generic-ed25519: DER with trailing bytes and JWK x spelled another way', () => {
  const der = spki(ed.publicKey);
  const raw = der.subarray(-32);
  const base = {
    platform: 'generic-ed25519',
    payload: BODY,
    signature: sign(null, Buffer.from(BODY), ed.privateKey).toString('base64'),
  };
  const NOT_ED =
    'must be an Ed25519 public key: 64 hex digits, the 32 bytes in base64, a PEM public key or an OKP JWK';
  const jwk = (x: string) => JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x });

  it('the exact key verifies as DER, PEM and JWK', () => {
    for (const publicKey of [
      der.toString('base64'),
      pemOf('PUBLIC KEY', der),
      jwk(raw.toString('base64url')),
    ]) {
      expect(verifyWebhook({ ...base, public_key: publicKey }), publicKey).toMatchObject({
        valid: true,
        scheme: 'generic-ed25519',
        message: 'signature matches',
      });
    }
  });

  it('trailing bytes after the SubjectPublicKeyInfo are refused, bare or PEM', () => {
    for (const bytes of [
      trailing(der, 0x00),
      trailing(der, 0x00, 0x00),
      Buffer.concat([der, der]),
      indefinite(der),
    ]) {
      expectKeyProblem({ ...base, public_key: bytes.toString('base64') }, 'public_key', NOT_ED);
      expectKeyProblem({ ...base, public_key: bytes.toString('base64url') }, 'public_key', NOT_ED);
      expectKeyProblem({ ...base, public_key: pemOf('PUBLIC KEY', bytes) }, 'public_key', NOT_ED);
    }
  });

  it('a JWK x must be the canonical base64url of exactly 32 bytes', () => {
    const x = raw.toString('base64url');
    expect(x).toHaveLength(43);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last character carries 4 bits of the key and 2 unused bits: setting an unused bit spells the same bytes.
    const sameBytes = x.slice(0, -1) + alphabet[alphabet.indexOf(x.at(-1)!) ^ 1];
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(raw);
    for (const longer of [
      sameBytes,
      `${x}A`,
      `${x}AA`,
      `${x}AAAA`,
      `${x}=`,
      Buffer.concat([raw, Buffer.from([0])]).toString('base64url'),
      der.toString('base64url'),
    ]) {
      expectKeyProblem({ ...base, public_key: jwk(longer) }, 'public_key', NOT_ED);
    }
    expect(parseEd25519PublicKey(jwk(x)).export({ format: 'der', type: 'spki' })).toEqual(der);
  });
});

describe('zendesk: dates that do not exist are invalid_timestamp', () => {
  const zendesk = (timestamp: string, now: number) =>
    verifyWebhook({
      platform: 'zendesk',
      secret: SECRET,
      payload: BODY,
      timestamp,
      signature: createHmac('sha256', SECRET)
        .update(timestamp + BODY)
        .digest('base64'),
      now,
    });
  const invalid = {
    valid: false,
    platform: 'zendesk',
    scheme: 'zendesk-hmac',
    algorithm: 'HMAC-SHA256',
    encoding: 'base64',
    reason: 'invalid_timestamp',
    message: 'signature matches, but the timestamp is not an ISO 8601 date-time such as 2021-07-25T10:00:00Z',
    timestamp: null,
    timestamp_age_s: null,
    tolerance_s: 300,
    signatures_found: 1,
    matched_signature_index: 0,
    matched_secret_index: 0,
    ignored: [],
    hints: [],
  };
  const mar2 = Date.UTC(2021, 2, 2) / 1000;

  it('2021-02-30 is refused, not read as 2021-03-02; so are other days a month lacks and 24:00', () => {
    for (const timestamp of [
      '2021-02-30T00:00:00Z',
      '2021-02-29T00:00:00Z',
      '2021-02-31T12:00:00.250Z',
      '2021-04-31T10:00:00Z',
      '2021-06-31T10:00:00+02:00',
      '2021-09-31T10:00:00-05:00',
      '2021-11-31T23:59:59Z',
      '2100-02-29T00:00:00Z',
      '2021-03-01T24:00:00Z',
      '2021-03-01T24:00:00+01:00',
    ]) {
      expect(zendesk(timestamp, mar2), timestamp).toEqual(invalid);
    }
  });

  it('every real date still reads, leap days and month ends included, to the millisecond', () => {
    const cases: [string, number][] = [
      ['2020-02-29T00:00:00Z', Date.UTC(2020, 1, 29) / 1000],
      ['2000-02-29T12:00:00Z', Date.UTC(2000, 1, 29, 12) / 1000],
      ['2021-02-28T23:59:59.999Z', Date.UTC(2021, 1, 28, 23, 59, 59, 999) / 1000],
      ['2021-04-30T10:00:00Z', Date.UTC(2021, 3, 30, 10) / 1000],
      ['2021-12-31T23:59:59Z', Date.UTC(2021, 11, 31, 23, 59, 59) / 1000],
      // Written on 1 March at +01:00, it is still 28 February in UTC: the written date is what must exist.
      ['2021-03-01T00:30:00+01:00', Date.UTC(2021, 1, 28, 23, 30) / 1000],
      ['2021-02-28T23:30:00-01:00', Date.UTC(2021, 2, 1, 0, 30) / 1000],
      ['1970-01-01T00:00:01Z', 1],
    ];
    for (const [timestamp, seconds] of cases) {
      expect(zendesk(timestamp, seconds), timestamp).toEqual({
        ...invalid,
        valid: true,
        reason: null,
        message: 'signature matches; timestamp 0 s old (tolerance 300 s)',
        timestamp: seconds,
        timestamp_age_s: 0,
      });
    }
  });

  it('month 13, minute or second 60 and offsets past 23:59 stay refused', () => {
    for (const timestamp of [
      '2021-13-01T00:00:00Z',
      '2021-00-10T00:00:00Z',
      '2021-01-00T00:00:00Z',
      '2021-01-01T23:60:00Z',
      '2021-01-01T23:59:60Z',
      '2021-01-01T00:00:00+24:00',
      '2021-01-01T00:00:00+23:60',
      '1970-01-01T00:30:00+01:00',
    ]) {
      expect(zendesk(timestamp, NOW), timestamp).toEqual(invalid);
    }
  });
});
