// Issue 43 items 2 and 3 on the built server over a real socket: 300 distinct 1 MB texts counted exactly
// leave no memory behind (the tokenizer's merge cache held a slice of every text with a new word, ~1 MB a
// call, for good), and "!" + "\n/" × 128,000 — one pre-tokenizer piece, 44 s on the event loop before —
// is refused at once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'), {
    LOG_LEVEL: 'warn',
  });
});
afterAll(() => server.stop('SIGKILL'));

/** The server's resident set in MB (Linux). */
const rssMb = () =>
  Number(readFileSync(`/proc/${server.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

const estimate = (text: string) =>
  fetch(`${server.origin}/api/v1/estimate_tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, models: 'gpt-5.6' }),
  });

const prose = 'the quick brown fox jumps over the lazy dog and keeps running far away. ';
const filler = prose.repeat(Math.ceil(1_000_000 / prose.length));
/** 1 MB of prose with one word no other call has, long enough to be a slice (not a copy) of the text. */
const distinct = (i: number) =>
  `${filler.slice(0, 500_000)}uniqueword${i.toString(36)}xyzzyplugh ${filler.slice(0, 499_970)}`;

describe.runIf(existsSync('/proc/self/status'))(
  'estimate_tokens memory and pieces',
  { timeout: 120_000 },
  () => {
    it('300 distinct 1 MB texts: the RSS grows by less than 150 MB', async () => {
      // Warm up: the ranks load on the first count; the heap settles over the first large bodies.
      for (let i = 0; i < 30; i++) expect((await estimate(distinct(i))).status).toBe(200);
      const baseline = rssMb();
      let peak = baseline;
      for (let i = 30; i < 330; i++) {
        const res = await estimate(distinct(i));
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        peak = Math.max(peak, rssMb());
      }
      expect(peak - baseline).toBeLessThan(150);
    });

    it('"!" + "\\n/" × 128,000 is one piece: 422 text_run_too_long', async () => {
      const res = await estimate(`!${'\n/'.repeat(128_000)}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'text_run_too_long', errors: [{ path: '/text' }] });
      expect((await fetch(`${server.origin}/health`)).status).toBe(200);
    });
  },
);
