import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './helpers.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

// Steps of one server's life, in order: it serves, then it drains.
describe('the built server over a real socket', { shuffle: false }, () => {
  it('serves health, digest and the docs', async () => {
    const health = await fetch(`${server.origin}/canonical-digest-api/health`);
    expect(health.status).toBe(200);
    expect(await json(health)).toMatchObject({ status: 'ok', service: 'g-canonical', version: '1.1.0' });

    const digest = await fetch(`${server.origin}/canonical-digest-api/v1/digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"value":{"currency":"USD","amount":500}}',
    });
    expect((await json(digest)).hex).toBe('cfce21f4235ea8738880c4f77f7d05c466da2e99263e6d6612e32db3e9a6b2d0');
  });

  it('survives a patch whose answer would not fit: 422 before it is built (REST and MCP), then serves on', async () => {
    // A long member name over many array items repeats in every operation's path: ~600 KB of request
    // once took the whole process down building a multi-gigabyte answer.
    const name = 'n'.repeat(4_000);
    const items = 150_000;
    const args = `{"from":{"${name}":[${'0,'.repeat(items - 1)}0]},"to":{"${name}":[]}}`;
    const rest = await fetch(`${server.origin}/canonical-digest-api/v1/patch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: args,
    });
    expect(rest.status).toBe(422);
    expect(await json(rest)).toMatchObject({ code: 'patch_too_large' });
    const mcp = await fetch(`${server.origin}/canonical-digest-api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"json_patch","arguments":${args}}}`,
    });
    expect(JSON.stringify(await json(mcp))).toContain('patch_too_large');
    const after = await fetch(`${server.origin}/canonical-digest-api/v1/patch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"from":{"a":1},"to":{"a":2}}',
    });
    expect(await json(after)).toEqual({ patch: [{ op: 'replace', path: '/a', value: 2 }], operations: 1 });
  }, 60_000);

  it('refuses an oversized chunked upload with 413', async () => {
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent > 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${server.origin}/canonical-digest-api/v1/canonicalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('refuses invalid configuration at start-up with one line naming the variable', () => {
    const result = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'dist', 'server.js')], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'g-canonical: Invalid configuration: PORT must be a whole number (got "eighty")\n',
    );
  });

  it('drains on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
