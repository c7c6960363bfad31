// The access log's batches (log-lines.ts): lines reach the descriptor whole and in order, and what the
// descriptor refuses, or a line larger than a batch, goes through pino's destination instead.
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineBatch } from '../../src/kit/log-lines.js';

/** One whole line, as the access log appends its pieces. */
function write(lines: LineBatch, text: string): void {
  const out = lines.open(text.length * 3); // a UTF-16 unit takes at most 3 bytes of UTF-8
  out.text(text);
  lines.close(out);
}

function file() {
  const path = join(mkdtempSync(join(tmpdir(), 'batch-')), 'log');
  return { path, fd: openSync(path, 'w') };
}

describe('access-log batches', () => {
  it('writes a full batch at once and the rest on flush, every line whole and in order', () => {
    const { path, fd } = file();
    const fallback: string[] = [];
    const lines = new LineBatch(fd, (text) => fallback.push(text));
    const written = Array.from({ length: 200 }, (_, i) => `{"n":${i},"é":"${'ü'.repeat(150)}"}\n`);
    for (const line of written.slice(0, 150)) write(lines, line);
    const before = readFileSync(path, 'utf8');
    expect(before.length).toBeGreaterThan(0); // a batch filled up and was written
    expect(written.join('').startsWith(before)).toBe(true);
    for (const line of written.slice(150)) write(lines, line);
    lines.flush();
    expect(readFileSync(path, 'utf8')).toBe(written.join(''));
    expect(fallback).toEqual([]);
    closeSync(fd);
  });

  it('sends a line larger than a batch through the fallback, after the lines before it', () => {
    const { path, fd } = file();
    const fallback: string[] = [];
    const lines = new LineBatch(fd, (text) => fallback.push(text));
    const huge = `${'x'.repeat(20_000)}\n`;
    write(lines, 'first\n');
    write(lines, huge);
    write(lines, 'last\n');
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    expect(fallback).toEqual([huge]);
    lines.flush();
    expect(readFileSync(path, 'utf8')).toBe('first\nlast\n');
    closeSync(fd);
  });

  it('hands a batch the descriptor refuses to the fallback', () => {
    const { fd } = file();
    closeSync(fd); // writing to it now fails (EBADF)
    const fallback: string[] = [];
    const lines = new LineBatch(fd, (text) => fallback.push(text));
    write(lines, 'a\n');
    write(lines, 'b\n');
    lines.flush();
    expect(fallback).toEqual(['a\nb\n']);
  });
});
