// The official MCP conformance suite (@modelcontextprotocol/conformance, its server scenarios) against every
// built service on a real socket (docs/conventions.md §13): every scenario that applies to a tools-only
// server passes; the others are named below with why they do not apply, so a scenario the suite adds
// makes this test fail until it is sorted into one list or the other.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { listen } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { type Json, services } from './helpers/services.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const CLI = join(
  dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);

/** Scenarios a tools-only, stateless server must pass. */
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

const FIXTURE_TOOL =
  "calls the suite's own fixture tool (test_*), which a service does not have: a service's tools are its operations";
/** Scenarios that do not apply, and why. */
const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'no logging capability (deprecated in 2026-07-28; the service logs to its own log)',
  'completion-complete': 'no prompts or resource templates to complete',
  'tools-call-simple-text': FIXTURE_TOOL,
  'tools-call-image': `${FIXTURE_TOOL} (D's generate_barcode returns image content: mcp-clients-limits.test.ts)`,
  'tools-call-audio': FIXTURE_TOOL,
  'tools-call-embedded-resource': FIXTURE_TOOL,
  'tools-call-mixed-content': FIXTURE_TOOL,
  'tools-call-with-logging': `${FIXTURE_TOOL}; no logging capability`,
  'tools-call-error': `${FIXTURE_TOOL} (tool errors with problems: mcp-clients-limits.test.ts)`,
  'tools-call-with-progress': `${FIXTURE_TOOL}; calls are short and answered as one JSON reply`,
  'tools-call-sampling': `${FIXTURE_TOOL}; a pure computation asks the client nothing`,
  'tools-call-elicitation': `${FIXTURE_TOOL}; a pure computation asks the client nothing`,
  'elicitation-sep1034-defaults': 'no elicitation: a pure computation asks the client nothing',
  'elicitation-sep1330-enums': 'no elicitation: a pure computation asks the client nothing',
  'resources-list': 'no resources capability',
  'resources-read-text': 'no resources capability',
  'resources-read-binary': 'no resources capability',
  'resources-templates-read': 'no resources capability',
  'resources-subscribe': 'no resources capability',
  'resources-unsubscribe': 'no resources capability',
  'prompts-list': 'no prompts capability',
  'prompts-get-simple': 'no prompts capability',
  'prompts-get-with-args': 'no prompts capability',
  'prompts-get-embedded-resource': 'no prompts capability',
  'prompts-get-with-image': 'no prompts capability',
};

/** Warnings a scenario that applies may give, and why they are right here. */
const EXPECTED_WARNINGS: Record<string, string> = {
  'server-sse-multiple-streams-session':
    'the endpoint is stateless by design (docs/conventions.md §5: no Mcp-Session-Id), so no session ID',
};

/** Each scenario the suite ran and its checks (id and status), from its output directory. */
function outcomes(dir: string): Map<string, Json[]> {
  const found = new Map<string, Json[]>();
  for (const entry of readdirSync(dir)) {
    const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(join(dir, entry, 'checks.json'), 'utf8')) as Json[];
    found.set(
      scenario,
      checks.map(({ id, status }) => ({ id, status })),
    );
  }
  return found;
}

describe.concurrent.each(services)('$dir', (service) => {
  it('passes every scenario that applies to a tools-only server (2025 era)', async () => {
    const server = await listen(service.app as Parameters<typeof listen>[0]);
    const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
    try {
      const url = `${server.origin.replace('127.0.0.1', 'localhost')}${service.basePath}/mcp`;
      // The CLI exits non-zero when any scenario fails; the outcomes are read from its files.
      await run(process.execPath, [CLI, 'server', '--url', url, '-o', out]).catch(() => undefined);
      const ran = outcomes(out);
      expect([...ran.keys()].sort()).toEqual([...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].sort());
      for (const scenario of APPLICABLE) {
        const unexpected = ran
          .get(scenario)!
          .filter(
            ({ id, status }) =>
              status !== 'SUCCESS' && status !== 'INFO' && !(status === 'WARNING' && id in EXPECTED_WARNINGS),
          );
        expect(unexpected, scenario).toEqual([]);
      }
      for (const scenario of Object.keys(NOT_APPLICABLE)) {
        expect(ran.get(scenario)!.map(({ status }) => status)).toContain('FAILURE');
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
      await server.close();
    }
  }, 60_000);
});

describe('the suite and the 2026-07-28 revision', () => {
  it('has no server scenario for 2026-07-28 yet (the v2 client suites cover that era)', async () => {
    const refused = await run(process.execPath, [
      CLI,
      'list',
      '--server',
      '--spec-version',
      '2026-07-28',
    ]).catch((error: { stderr: string; stdout: string }) => error);
    expect(`${refused.stdout}${refused.stderr}`).toContain('Unknown spec version: 2026-07-28');
    const draft = await run(process.execPath, [CLI, 'list', '--server', '--spec-version', 'draft']);
    expect(draft.stdout.trim()).toBe('Server scenarios (test against a server):');
  });
});
