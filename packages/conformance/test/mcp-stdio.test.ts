// The stdio bin (docs/conventions.md §13) as a desktop client runs it: stdout carries MCP messages only
// (every line one JSON-RPC answer), the logs go to stderr, the environment configures it as it does the
// HTTP server (an invalid variable stops start-up with one line), and it exits 0 when stdin ends.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servicesDir } from './helpers/services.js';

const BIN = join(servicesDir, 'g-canonical', 'dist', 'stdio.js');

function run(lines: unknown[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const expected = lines.filter((line) => (line as { id?: unknown }).id !== undefined).length;
  // stdin ends once every request is answered (a client keeps it open until it has its answers).
  const answered = new Promise<void>((resolve) => {
    const check = () => {
      if (stdout.split('\n').filter(Boolean).length >= expected) resolve();
    };
    child.stdout.on('data', check);
    void exited.then(() => resolve());
  });
  for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
  return {
    async finish() {
      await answered;
      child.stdin.end();
      const [code] = await exited;
      return { code, stdout: stdout.split('\n').filter(Boolean), stderr: stderr.split('\n').filter(Boolean) };
    },
  };
}

describe('the stdio bin (G)', () => {
  it('writes only JSON-RPC answers on stdout, its logs on stderr, and exits 0 when stdin ends', async () => {
    const { code, stdout, stderr } = await run([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'digest', arguments: { text: 'a' } } },
    ]).finish();
    expect(code).toBe(0);
    const answers = stdout.map((line) => JSON.parse(line));
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2]);
    expect(answers.find((answer) => answer.id === 1).result.protocolVersion).toBe('2025-11-25');
    expect(answers.find((answer) => answer.id === 2).result.structuredContent.bytes).toBe(1);
    const logs = stderr.map((line) => JSON.parse(line));
    expect(logs.some((entry) => entry.msg === 'serving MCP on stdio')).toBe(true);
    expect(logs.filter((entry) => entry.msg === 'request' && entry.tool === 'digest')).toHaveLength(1);
  }, 30_000);

  it('stops start-up on an invalid variable with one line naming it, as the HTTP server does', async () => {
    const { code, stdout, stderr } = await run([], { RATE_LIMIT_PER_MINUTE: 'many' }).finish();
    expect(code).toBe(1);
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain('RATE_LIMIT_PER_MINUTE');
  }, 30_000);
});
