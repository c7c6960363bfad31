/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as used by PayPal's webhook signature input. */

const TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  TABLE[n] = c >>> 0;
}

const encoder = new TextEncoder();

/** Unsigned CRC-32 of the bytes (a string is taken as UTF-8). */
export function crc32(data: Uint8Array | string): number {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
