/**
 * Independent signers for the tests, written straight from the platforms' documentation with
 * node:crypto (not with the code under test).
 */
import { createHash, createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { crc32 } from 'node:zlib';
import nacl from 'tweetnacl';
import { selfSignedCertificate } from './x509.js';

export function hmacHex(algorithm: string, key: string, data: string): string {
  return createHmac(algorithm, key).update(data, 'utf8').digest('hex');
}

export function hmacBase64(algorithm: string, key: string, data: string): string {
  return createHmac(algorithm, key).update(data, 'utf8').digest('base64');
}

export function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}

/** Twilio: URL + each parameter name (sorted) + value; repeated names give each value, sorted. */
export function twilioSignature(token: string, url: string, params: [string, string][]): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return hmacBase64('sha1', token, url + sorted.map(([name, value]) => name + value).join(''));
}

export interface EcKeys {
  publicPem: string;
  /** The bare base64 DER SubjectPublicKeyInfo, as SendGrid's dashboard shows it. */
  publicDerBase64: string;
  privateKey: KeyObject;
}

export function p256Keys(): EcKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicDerBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey,
  };
}

export function sendgridSignature(privateKey: KeyObject, timestamp: string, payload: string): string {
  return sign('sha256', Buffer.from(timestamp + payload, 'utf8'), {
    key: privateKey,
    dsaEncoding: 'der',
  }).toString('base64');
}

export interface RsaCertificate {
  certPem: string;
  publicPem: string;
  privateKey: KeyObject;
}

export function paypalCertificate(notBefore: Date, notAfter: Date): RsaCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    certPem: selfSignedCertificate({
      publicKey,
      privateKey,
      commonName: 'messageverificationcerts.paypal.test',
      notBefore,
      notAfter,
    }),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
}

export interface PaypalHeaders {
  transmission_id: string;
  transmission_time: string;
  webhook_id: string;
}

/** PayPal: RSA-SHA256 over `transmission_id|transmission_time|webhook_id|crc32(body)` (decimal). */
export function paypalSignature(privateKey: KeyObject, headers: PaypalHeaders, payload: string): string {
  const signed = `${headers.transmission_id}|${headers.transmission_time}|${headers.webhook_id}|${crc32(payload)}`;
  return sign('sha256', Buffer.from(signed, 'utf8'), privateKey).toString('base64');
}

export interface Ed25519Keys {
  publicHex: string;
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** Ed25519 keys from tweetnacl (an implementation independent of node:crypto), from a fixed seed. */
export function ed25519Keys(seedByte: number): Ed25519Keys {
  const pair = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seedByte));
  return {
    publicHex: Buffer.from(pair.publicKey).toString('hex'),
    publicKey: pair.publicKey,
    secretKey: pair.secretKey,
  };
}

/** A detached Ed25519 signature by tweetnacl, as hex. */
export function ed25519Hex(keys: Ed25519Keys, message: string | Uint8Array): string {
  const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
  return Buffer.from(nacl.sign.detached(bytes, keys.secretKey)).toString('hex');
}
