import { crc32 as zlibCrc32 } from 'node:zlib';

/**
 * Unsigned CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as used by PayPal's webhook
 * signature input: zlib's, native since Node 20.15 (a string is taken as UTF-8).
 */
export function crc32(data: Uint8Array | string): number {
  return zlibCrc32(data);
}
