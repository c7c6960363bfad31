import { fromHex } from '@dus/core';
import type { CheckMeta } from '../check.js';
import { parseEd25519HexKey } from '../keys.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { checkEd25519 } from './ed25519-check.js';

const META: CheckMeta = {
  verifiedWith: 'public_key',
  scheme: 'discord-ed25519',
  algorithm: 'Ed25519',
  encoding: 'hex',
};

/**
 * Discord interactions: `X-Signature-Ed25519` (hex) is Ed25519 over `X-Signature-Timestamp` + body, checked
 * with the application's hex public key. Discord applies no timestamp window: `tolerance` adds one.
 */
function verify(request: VerifyRequest): PlatformCheck {
  const key = parseEd25519HexKey(request.public_key ?? '');
  const timestamp = request.timestamp ?? '';
  return checkEd25519(
    META,
    key,
    fromHex(request.signature.trim()),
    [timestamp, request.body],
    'X-Signature-Ed25519 must be 128 hex digits (a 64-byte Ed25519 signature)',
    { value: timestamp, allowMilliseconds: false },
  );
}

export const discord: PlatformDescriptor = {
  name: 'discord',
  kind: 'chat platform (interactions)',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'X-Signature-Ed25519',
  timestamp_header: 'X-Signature-Timestamp',
  required_fields: ['public_key', 'payload', 'signature', 'timestamp'],
  optional_fields: ['tolerance', 'now'],
  default_tolerance_s: null,
  optional_window: true,
  rejects_future_timestamps: true,
  signature_prefixes: [],
  payload_json_style: null,
  verify,
};
