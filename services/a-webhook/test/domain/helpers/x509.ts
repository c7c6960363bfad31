/**
 * A minimal self-signed X.509 v3 certificate builder (DER by hand), so the PayPal test needs no
 * certificate library. Node can parse certificates (X509Certificate) but not create them.
 */
import { type KeyObject, sign } from 'node:crypto';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, ...parts);
const set = (...parts: Buffer[]) => tlv(0x31, ...parts);

/** A small non-negative INTEGER in minimal DER form (a leading zero only when the high bit is set). */
function integer(n: number): Buffer {
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  if (bytes.length === 0 || bytes[0]! >= 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}
const oid = (...bytes: number[]) => tlv(0x06, Buffer.from(bytes));
const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.from([0x00]), bytes);

function utcTime(date: Date): Buffer {
  const two = (n: number) => String(n).padStart(2, '0');
  const text =
    two(date.getUTCFullYear() % 100) +
    two(date.getUTCMonth() + 1) +
    two(date.getUTCDate()) +
    two(date.getUTCHours()) +
    two(date.getUTCMinutes()) +
    two(date.getUTCSeconds()) +
    'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

// sha256WithRSAEncryption (1.2.840.113549.1.1.11) and commonName (2.5.4.3)
const SHA256_WITH_RSA = sequence(
  oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b),
  Buffer.from([0x05, 0x00]),
);
const COMMON_NAME = oid(0x55, 0x04, 0x03);

export interface CertificateOptions {
  publicKey: KeyObject;
  privateKey: KeyObject;
  commonName: string;
  notBefore: Date;
  notAfter: Date;
  serial?: number;
}

/** A self-signed RSA certificate, PEM-encoded. */
export function selfSignedCertificate(options: CertificateOptions): string {
  const name = sequence(set(sequence(COMMON_NAME, utf8String(options.commonName))));
  const spki = options.publicKey.export({ type: 'spki', format: 'der' });
  const tbs = sequence(
    tlv(0xa0, integer(2)),
    integer(options.serial ?? 1),
    SHA256_WITH_RSA,
    name,
    sequence(utcTime(options.notBefore), utcTime(options.notAfter)),
    name,
    spki,
  );
  const signature = sign('sha256', tbs, options.privateKey);
  const der = sequence(tbs, SHA256_WITH_RSA, bitString(signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
