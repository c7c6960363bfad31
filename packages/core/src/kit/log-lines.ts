import { writeSync } from 'node:fs';

const BATCH_BYTES = 16_384;
/** Up to this many characters, a text is copied in a loop. */
const SHORT_TEXT = 8;

/** Bytes being appended to a buffer from `at` on (the buffer has room for what is appended). */
export class ByteCursor {
  constructor(
    readonly buffer: Buffer,
    public at = 0,
  ) {}

  bytes(chunk: Uint8Array): void {
    this.buffer.set(chunk, this.at);
    this.at += chunk.length;
  }

  /**
   * UTF-8 of `text`: a short ASCII one byte by byte, anything else through `Buffer#write`, whose
   * ~30 ns a call is less than a loop over more than a few characters.
   */
  text(text: string): void {
    const buffer = this.buffer;
    if (text.length > SHORT_TEXT) {
      this.at += buffer.write(text, this.at);
      return;
    }
    let at = this.at;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) {
        this.at = at + buffer.write(text.slice(i), at);
        return;
      }
      buffer[at++] = code;
    }
    this.at = at;
  }

  /** A whole number of exactly three digits, zero-padded (`007`). */
  threeDigits(n: number): void {
    const buffer = this.buffer;
    const at = this.at;
    buffer[at] = 48 + ((n / 100) | 0);
    buffer[at + 1] = 48 + (((n / 10) | 0) % 10);
    buffer[at + 2] = 48 + (n % 10);
    this.at = at + 3;
  }
}

/**
 * Log lines encoded in place into one buffer, and written to `fd` when it is full (or 100 ms after
 * the first line). A line is appended piece by piece (`open`, the cursor, `close`) instead of being
 * built as a string: that string was a tree of ~20 concatenated parts, flattened, converted to UTF-8
 * and left as ~1 KB of garbage per request. A write the descriptor refuses (EAGAIN on a non-blocking
 * pipe), and a line larger than a batch, go through `fallback`, pino's destination, which retries.
 */
export class LineBatch {
  readonly #cursor = new ByteCursor(Buffer.allocUnsafe(BATCH_BYTES));
  #scheduled = false;
  readonly #flushLater = () => this.flush();

  constructor(
    private readonly fd: number,
    private readonly fallback: (text: string) => void,
  ) {}

  /** Where a line of at most `bytes` goes: this batch (written out first when too full), or a buffer of its own. */
  open(bytes: number): ByteCursor {
    if (bytes > BATCH_BYTES) {
      this.flush();
      return new ByteCursor(Buffer.allocUnsafe(bytes));
    }
    if (bytes > BATCH_BYTES - this.#cursor.at) this.flush();
    return this.#cursor;
  }

  /** Ends the line `open` began. */
  close(line: ByteCursor): void {
    if (line !== this.#cursor) {
      this.fallback(line.buffer.toString('utf8', 0, line.at));
      return;
    }
    if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(this.#flushLater, 100).unref();
    }
  }

  flush(): void {
    this.#scheduled = false;
    const { buffer, at: used } = this.#cursor;
    let sent = 0;
    try {
      while (sent < used) sent += writeSync(this.fd, buffer, sent, used - sent);
    } catch {
      this.fallback(buffer.toString('utf8', sent, used));
    }
    this.#cursor.at = 0;
  }
}
