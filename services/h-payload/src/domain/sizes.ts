import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The compression settings every size is given at (spec: gzip level 6, brotli quality 5). */
export const COMPRESSION = { gzip_level: 6, brotli_quality: 5 } as const;

export function gzipBytes(text: string): number {
  // Stryker disable next-line ObjectLiteral: zlib's default level is 6, the level we state
  return gzipSync(text, { level: COMPRESSION.gzip_level }).byteLength;
}

export function brotliBytes(text: string): number {
  // Stryker disable next-line StringLiteral: Buffer's default encoding is UTF-8
  const bytes = Buffer.from(text, 'utf8');
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotli_quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  }).byteLength;
}

/** The minified text (`JSON.stringify` of the parsed value) and its UTF-8 size. */
export function minified(value: unknown): { text: string; bytes: number } {
  const text = JSON.stringify(value);
  // Stryker disable next-line StringLiteral: Buffer's default encoding is UTF-8
  return { text, bytes: Buffer.byteLength(text, 'utf8') };
}
