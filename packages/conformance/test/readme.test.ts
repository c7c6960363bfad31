// Every command of every README runs as written and answers what the README shows: curl examples
// are sent to the built service they name (by port), npm commands must name real scripts and services.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { curlRequest, readmeCommands, squeeze } from './helpers/readme-commands.js';
import { type Json, repoRoot, services } from './helpers/services.js';

const readmes = [
  join(repoRoot, 'README.md'),
  ...['services', 'packages'].flatMap((group) =>
    readdirSync(join(repoRoot, group))
      .map((dir) => join(repoRoot, group, dir, 'README.md'))
      .filter((file) => existsSync(file)),
  ),
];
const rootScripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;
/** Values that differ from run to run: shown as an example, never compared. */
const VOLATILE = new Set(['uptime_s', 'request_id']);

/** The shown JSON as a pattern: volatile members dropped, a `"…"` string stands for any value. */
function withoutVolatile(value: unknown): unknown {
  if (value === '…') return expect.anything();
  // "text that goes on…" shows the start of a longer string.
  if (typeof value === 'string' && value.endsWith('…'))
    return expect.stringMatching(new RegExp(`^${value.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE.has(key))
      .map(([key, member]) => [key, withoutVolatile(member)]),
  );
}

function checkNpm(words: string[]): void {
  const [, verb, ...rest] = words;
  const script = verb === 'run' ? rest.shift() : verb;
  expect(rootScripts, `npm ${verb}`).toHaveProperty(script!);
  const names = rest[0] === '--' ? rest.slice(1) : [];
  if (script === 'start') {
    for (const name of names) {
      expect(
        services.some((service) => service.dir === name || service.dir.startsWith(`${name}-`)),
        `npm start -- ${name} names a service`,
      ).toBe(true);
    }
  }
}

/** The shown output against the real one: JSON by value (shown members only), abridged text by its fragments. */
function checkShown(shown: string, body: string): void {
  if (!/^[[{"<]/.test(shown)) return; // prose about the output, not the output
  try {
    const expected = JSON.parse(shown);
    expect(JSON.parse(body)).toMatchObject(withoutVolatile(expected) as Json);
    return;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  const actual = shown.startsWith('<') ? body : squeeze(body);
  let from = 0;
  for (const part of shown.split('…')) {
    const fragment = (shown.startsWith('<') ? part : squeeze(part)).replace(/^,|,$/g, '');
    // Bare punctuation, or prose standing for what was left out ("…nine race times…", "12 more").
    if (!shown.startsWith('<') && !/["{[]/.test(fragment)) continue;
    const at = actual.indexOf(fragment, from);
    expect(
      at,
      `shown fragment ${fragment} is in the answer (in order)\n${body.slice(0, 2000)}`,
    ).toBeGreaterThanOrEqual(0);
    from = at + fragment.length;
  }
}

describe.each(readmes.map((file) => ({ file, name: relative(repoRoot, file) })))('$name', ({ file }) => {
  const markdown = readFileSync(file, 'utf8');
  const commands = readmeCommands(markdown);
  if (commands.length === 0) {
    // None found must mean none written: no shell block, and no block of another kind (or none) that
    // holds a command line, which this test would otherwise never run.
    it('has no commands', () => {
      const unread = [...markdown.matchAll(/```([\w-]*)\n([\s\S]*?)```/g)]
        .filter(
          ([, language, body]) =>
            /^(sh|bash|shell|console|zsh|terminal)$/.test(language!) ||
            /^\s*(\$\s*)?(curl|npm|npx|pnpm|node|docker|kubectl)\s/m.test(body!),
        )
        .map(([block]) => block);
      expect(unread).toEqual([]);
    });
    return;
  }
  it.each(
    commands.map((command, index) => ({ command, label: `${index + 1}: ${command.line.slice(0, 90)}` })),
  )('$label', async ({ command }) => {
    const words = command.words.filter((word) => !/^[A-Z_]+=/.test(word));
    if (words[0] === 'npm') {
      checkNpm(words);
      return;
    }
    const curl = curlRequest(words);
    if (curl === undefined) throw new Error(`a README command the test cannot run: ${command.line}`);
    const service = services.find((candidate) => candidate.port === curl.port);
    if (service === undefined) throw new Error(`no service listens on ${curl.port}`);
    const response = await service.app.request(curl.path, curl.init);
    const body = await response.text();
    if (!squeeze(command.shown).startsWith('{"type":"urn:problem')) {
      expect(response.status, `${command.line}\n${body.slice(0, 500)}`).toBeLessThan(400);
    }
    if (!curl.toFile) checkShown(command.shown, body);
  });
});
