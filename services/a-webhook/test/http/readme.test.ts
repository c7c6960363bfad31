/** Every curl example of the README runs against the app and answers what the README says. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANDSHAKE_PLATFORMS, PLATFORM_NAMES } from '../../src/domain/index.js';
import { get, post, verify } from './helpers/client.js';
import { registerSecrets } from './helpers/recorder.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

interface Example {
  path: string;
  body: string | undefined;
  /** The `# …` lines that follow the command, joined. */
  comment: string;
}

/** The curl commands of the README's sh blocks (continuation lines joined, shell quoting undone). */
function examples(): Example[] {
  const found: Example[] = [];
  for (const [, block] of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block!.replace(/\\\n\s*/g, '').split('\n');
    lines.forEach((line, index) => {
      const command = /^curl -s localhost:8081(\/\S*)(.*)$/.exec(line);
      if (!command) return;
      const data = /-d '((?:[^']|'\\'')*)'/.exec(command[2]!);
      const comment: string[] = [];
      for (let next = index + 1; lines[next]?.startsWith('#'); next++)
        comment.push(lines[next]!.replace(/^#\s?/, ''));
      found.push({
        path: command[1]!,
        body: data ? data[1]!.replaceAll("'\\''", "'") : undefined,
        comment: comment.join(''),
      });
    });
  }
  return found;
}

const all = examples();
const verifyExamples = all.filter((example) => example.path === '/verify');
const signExamples = all.filter((example) => example.path === '/sign');
const handshakeExamples = all.filter((example) => example.path === '/handshake');

function parseComment(comment: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(comment);
  } catch {
    return undefined;
  }
}

describe('README examples', () => {
  it('has a verified /verify example for each platform', () => {
    const platforms = verifyExamples
      .filter((example) => parseComment(example.comment)?.valid === true)
      .map((example) => {
        const { platform } = JSON.parse(example.body!);
        return platform === 'auto' ? parseComment(example.comment)?.detected_platform : platform;
      });
    expect(new Set(platforms)).toEqual(new Set(PLATFORM_NAMES));
    expect(verifyExamples.length).toBeGreaterThanOrEqual(16);
  });

  it.each(verifyExamples.map((example, i) => [i, example] as const))(
    'POST /verify example %i answers as documented',
    async (_i, example) => {
      const res = await verify(JSON.parse(example.body!));
      const expected = parseComment(example.comment);
      if (expected !== undefined) {
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject(expected);
      } else {
        // A problem shown abridged: its detail is quoted exactly.
        const detail = /"detail":"([^"]+)"/.exec(example.comment)?.[1];
        expect(detail).toBeDefined();
        expect(res.json).toMatchObject({ detail, valid: false });
      }
    },
  );

  it.each(signExamples.map((example, i) => [i, example] as const))(
    'POST /sign example %i answers as documented',
    async (_i, example) => {
      const body = JSON.parse(example.body!);
      registerSecrets(body.secret);
      const res = await post('/sign', example.body!);
      const expected = parseComment(example.comment);
      if (expected !== undefined) {
        expect(res.status).toBe(200);
        expect(res.json).toEqual(expected);
      } else {
        const detail = /"detail":"([^"]+)"/.exec(example.comment)?.[1];
        expect(detail).toBeDefined();
        expect(res.json).toMatchObject({ detail, valid: false });
      }
    },
  );

  it('has an answered /handshake example for each flow, and the refusals', () => {
    const answered = handshakeExamples
      .filter((example) => parseComment(example.comment)?.handshake === true)
      .map((example) => JSON.parse(example.body!).platform);
    expect(new Set(answered)).toEqual(new Set(HANDSHAKE_PLATFORMS));
    expect(handshakeExamples.length).toBeGreaterThanOrEqual(HANDSHAKE_PLATFORMS.length + 3);
  });

  it.each(handshakeExamples.map((example, i) => [i, example] as const))(
    'POST /handshake example %i answers as documented',
    async (_i, example) => {
      const body = JSON.parse(example.body!);
      registerSecrets(body.secret);
      const res = await post('/handshake', example.body!);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(parseComment(example.comment));
    },
  );

  it('the GET and MCP examples answer 200', async () => {
    const documented = ['/verify', '/sign', '/handshake'];
    const others = all.filter((example) => !documented.includes(example.path));
    expect(others.map((example) => example.path)).toEqual([
      '/health',
      '/',
      '/health',
      '/version',
      '/platforms',
      '/openapi.json',
      '/docs',
      '/mcp',
      '/mcp',
    ]);
    for (const example of others) {
      const res =
        example.body === undefined
          ? await get(example.path)
          : await post(example.path, example.body, { accept: 'application/json, text/event-stream' });
      expect(res.status, example.path).toBe(200);
      if (example.path === '/mcp') expect(res.json.result).toBeDefined();
    }
  });
});
