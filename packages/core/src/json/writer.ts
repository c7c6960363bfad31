import { Buffer } from 'node:buffer';

const HEX = '0123456789abcdef';

/** Thrown by `JsonWriter.string` on a lone surrogate; the caller knows where it was. */
export class LoneSurrogateError extends Error {}

/**
 * Appends JSON text as UTF-8 to a growing byte buffer. Building one long string with `+=` kept a
 * rope of ~10^5 nodes alive through every scavenge and spent most of its time in the GC.
 */
export class JsonWriter {
  private buf: Uint8Array = new Uint8Array(4096);
  private pos = 0;

  /** Appends ASCII text (punctuation, number literals). */
  ascii(text: string): void {
    const n = text.length;
    if (this.pos + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < n; i++) buf[pos++] = text.charCodeAt(i);
    this.pos = pos;
  }

  byte(b: number): void {
    if (this.pos === this.buf.length) this.grow(1);
    this.buf[this.pos++] = b;
  }

  /** Appends `value` as a JSON string with the RFC 8785 §3.2.2.2 escapes; throws on a lone surrogate. */
  string(value: string): void {
    const n = value.length;
    // Worst case per UTF-16 unit: 6 bytes (\u00XX); a surrogate pair is 2 units and 4 bytes.
    if (this.pos + 6 * n + 2 > this.buf.length) this.grow(6 * n + 2);
    const buf = this.buf;
    let pos = this.pos;
    buf[pos++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
          buf[pos++] = c;
          continue;
        }
        buf[pos++] = 0x5c;
        if (c === 0x22 || c === 0x5c) buf[pos++] = c;
        else if (c === 0x08)
          buf[pos++] = 0x62; // b
        else if (c === 0x09)
          buf[pos++] = 0x74; // t
        else if (c === 0x0a)
          buf[pos++] = 0x6e; // n
        else if (c === 0x0c)
          buf[pos++] = 0x66; // f
        else if (c === 0x0d)
          buf[pos++] = 0x72; // r
        else {
          buf[pos++] = 0x75; // u00XX, lowercase hex
          buf[pos++] = 0x30;
          buf[pos++] = 0x30;
          buf[pos++] = HEX.charCodeAt(c >> 4);
          buf[pos++] = HEX.charCodeAt(c & 15);
        }
      } else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 63);
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 63);
        buf[pos++] = 0x80 | (c & 63);
      } else {
        const low = value.charCodeAt(i + 1);
        if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) throw new LoneSurrogateError();
        const cp = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        buf[pos++] = 0xf0 | (cp >> 18);
        buf[pos++] = 0x80 | ((cp >> 12) & 63);
        buf[pos++] = 0x80 | ((cp >> 6) & 63);
        buf[pos++] = 0x80 | (cp & 63);
        i++;
      }
    }
    buf[pos++] = 0x22;
    this.pos = pos;
  }

  /** The bytes written so far (a view: valid until the next write). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  text(): string {
    return Buffer.from(this.buf.buffer, this.buf.byteOffset, this.pos).toString('utf8');
  }

  private grow(extra: number): void {
    let size = this.buf.length * 2;
    while (size < this.pos + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }
}
