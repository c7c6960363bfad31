import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResponse } from './helpers/client.js';
import { findLeaks, registerSecrets } from './helpers/recorder.js';

const SECRET = 'e2e-secret-9c4f2a7b1d8e3f60';
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

async function verifyOverSocket(body: Record<string, unknown>) {
  registerSecrets(body.secret);
  const response = await fetch(`${server.origin}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readResponse('e2e POST /verify', response);
}

// Steps of one server's life, in order: it serves, then it drains.
describe('the built server (dist/server.js) over a real socket', { shuffle: false }, () => {
  it('verifies a GitHub delivery, rejects a tampered one, and answers a 2 MiB one', async () => {
    const payload = '{"zen":"Keep it logically awesome."}';
    const signature = `sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}`;
    const good = await verifyOverSocket({ platform: 'github', secret: SECRET, payload, signature });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({ valid: true, reason: null });
    const bad = await verifyOverSocket({
      platform: 'github',
      secret: [`${SECRET}-old`, SECRET],
      payload: `${payload} `,
      signature,
    });
    expect(bad.json).toMatchObject({ valid: false, reason: 'signature_mismatch' });
    const big = 'x'.repeat(2 * 1024 * 1024);
    const bigSignature = `sha256=${createHmac('sha256', SECRET).update(big).digest('hex')}`;
    expect(
      (await verifyOverSocket({ platform: 'github', secret: SECRET, payload: big, signature: bigSignature }))
        .json.valid,
    ).toBe(true);
    const missing = await verifyOverSocket({ platform: 'github', secret: SECRET, payload });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 'missing_field', valid: false });
  });

  it('drains on SIGTERM, exits 0, and no log line ever contained the secret', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    const stdout = [...server.stdout, ...server.stderr];
    const requests = stdout.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    expect(requests.filter((entry) => entry.route === '/verify').map((entry) => entry.status)).toEqual([
      200, 200, 200, 400,
    ]);
    expect(stdout.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
    const logs = stdout.map((text, index) => ({ label: `log line ${index}`, text }));
    expect(findLeaks(logs, [SECRET, `${SECRET}-old`])).toEqual([]);
    // The check itself works: the secret was sent, so it is in what the test wrote.
    expect(
      findLeaks([{ label: 'request', text: JSON.stringify({ secret: SECRET }) }], [SECRET]),
    ).toHaveLength(1);
  });
});
