// The shared root Dockerfile and .dockerignore, checked statically (docs/conventions.md §8: multi-stage,
// production dependencies only, non-root user, HEALTHCHECK on /health).
import { afterAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  execForm,
  flagsOf,
  healthServer,
  type Instruction,
  instructionsOf,
  keyValues,
  loadDockerfile,
  parseDockerfile,
  readJson,
  readText,
  runNodeScript,
  type Stage,
  specFor,
} from './helpers.js';

/** The Node of `.node-version`, the one `npm start` and CI run: every stage builds on it. */
const NODE_VERSION = readText('.node-version').trim();
const NODE_IMAGE = `node:${NODE_VERSION}-bookworm-slim`;
/** `${NAME}`: a build-time variable reference as written in the Dockerfile. */
const ref = (name: string) => `\${${name}}`;
const dockerfile = loadDockerfile();
const { stages } = dockerfile;
const final = stages.at(-1)!;

/** The stage a `--from=` value or a `FROM <stage>` refers to, if it is an earlier stage. */
function stageRef(ref: string, before: number): Stage | undefined {
  const byIndex = /^\d+$/.test(ref) ? stages[Number(ref)] : undefined;
  const stage = byIndex ?? stages.find((s) => s.name === ref.toLowerCase());
  return stage && stage.index < before ? stage : undefined;
}

/** The image a stage finally builds on, following `FROM <earlier stage>` links. */
function rootImage(stage: Stage): string {
  const parent = stageRef(stage.from, stage.index);
  return parent ? rootImage(parent) : stage.from;
}

function stageNamed(name: string): Stage {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`Dockerfile has no stage ${name}`);
  return stage;
}

const runs = (stage: Stage): string[] => instructionsOf(stage, 'RUN').map((i) => i.args);
const copies = (stage: Stage) =>
  instructionsOf(stage, 'COPY').map((i: Instruction) => ({ ...flagsOf(i.args), line: i.line }));

/** ENV of a stage and of the stages it builds on. */
function envOf(stage: Stage): Record<string, string> {
  const parent = stageRef(stage.from, stage.index);
  const env: Record<string, string> = parent ? envOf(parent) : {};
  for (const i of instructionsOf(stage, 'ENV')) Object.assign(env, keyValues(i.args));
  return env;
}

describe('Dockerfile: stages', () => {
  it('pins Node to .node-version, an exact version', () => {
    expect(NODE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dockerfile.globalArgs.NODE_VERSION).toBe(NODE_VERSION);
  });

  it('is multi-stage with uniquely named stages', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const names = stages.map((s) => s.name);
    expect(names.every((n) => n !== undefined)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it(`builds every stage on ${NODE_IMAGE} or on an earlier stage`, () => {
    for (const stage of stages) expect(rootImage(stage), `stage ${stage.name}`).toBe(NODE_IMAGE);
  });

  it('starts the runtime stage afresh from the Node image, not from the build stage', () => {
    expect(stageRef(final.from, final.index)).toBeUndefined();
    expect(final.from).toBe(NODE_IMAGE);
  });

  it('names an earlier stage in every COPY --from=', () => {
    let count = 0;
    for (const stage of stages) {
      for (const copy of copies(stage)) {
        if (copy.flags.from === undefined) continue;
        count++;
        expect(
          stageRef(copy.flags.from, stage.index),
          `line ${copy.line}: --from=${copy.flags.from}`,
        ).toBeDefined();
      }
    }
    expect(count).toBeGreaterThan(0);
  });
});

describe('Dockerfile: build stage', () => {
  const build = stageNamed('build');
  const allRuns = stages.flatMap(runs);
  const pnpmVersion = readJson<{ packageManager: string }>('package.json').packageManager.replace(
    /^pnpm@/,
    '',
  );

  it('installs the pinned pnpm with npm (not corepack)', () => {
    expect(allRuns.some((r) => r.includes(`npm install -g pnpm@${pnpmVersion}`))).toBe(true);
    expect(allRuns.some((r) => /corepack/.test(r))).toBe(false);
  });

  it('installs from the lockfile, then builds the service and its dependencies with turbo', () => {
    const buildRuns = runs(build);
    const install = buildRuns.findIndex((r) => /\bpnpm install\b.*--frozen-lockfile/.test(r));
    const turbo = buildRuns.findIndex((r) =>
      /turbo run build\b.*--filter="?@dus\/\$\{?SERVICE\}?\.\.\."?/.test(r),
    );
    expect(install).toBeGreaterThanOrEqual(0);
    expect(turbo).toBeGreaterThan(install);
  });

  it('declares ARG SERVICE after the install, so all eight images share the install layer', () => {
    const argLine = instructionsOf(build, 'ARG').find((i) => /^SERVICE\b/.test(i.args))?.line ?? 0;
    const installLine = instructionsOf(build, 'RUN').find((i) => /pnpm install/.test(i.args))?.line ?? 0;
    expect(argLine).toBeGreaterThan(installLine);
    expect(installLine).toBeGreaterThan(0);
  });

  it('deploys the service with production dependencies only into the folder the runtime copies', () => {
    const deploy = runs(build).find((r) => /\bpnpm\b.*--filter "?@dus\/\$\{?SERVICE\}?"? deploy\b/.test(r));
    expect(deploy).toBeDefined();
    expect(deploy).toMatch(/\s--prod\b/);
    const target = /deploy\b[^&;]*?\s(\/\S+)/.exec(deploy!)?.[1];
    expect(target).toBe('/out');
    const fromBuild = copies(final).filter((c) => c.flags.from === 'build');
    expect(fromBuild.length).toBe(1);
    expect(fromBuild[0]!.rest.split(' ')[0]!.replace(/\/$/, '')).toBe(target);
  });
});

describe('Dockerfile: runtime stage', () => {
  const env = envOf(final);
  const args = instructionsOf(final, 'ARG').map((i) => i.args.split('=')[0]);

  it('sets NODE_ENV=production and HOST=0.0.0.0, PORT and HEALTH_PATH from build args', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.PORT).toBe(ref('PORT'));
    expect(env.HEALTH_PATH).toBe(ref('HEALTH_PATH'));
    expect(args).toEqual(expect.arrayContaining(['SERVICE', 'PORT', 'HEALTH_PATH']));
  });

  it('runs as the non-root node user', () => {
    const users = instructionsOf(final, 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)!.split(':')[0]!;
    expect(['root', '0', '']).not.toContain(user);
    expect(user).toBe('node');
    const userLine = instructionsOf(final, 'USER').at(-1)!.line;
    const cmdLine = instructionsOf(final, 'CMD').at(-1)!.line;
    expect(userLine).toBeLessThan(cmdLine);
  });

  it('exposes the service port', () => {
    expect(instructionsOf(final, 'EXPOSE').map((i) => i.args)).toEqual([ref('PORT')]);
  });

  it('starts node dist/server.js with the heap cap of MAX_HEAP_MB and pretenuring off, node as PID 1 (the shell execs it)', () => {
    const cmd = instructionsOf(final, 'CMD');
    expect(cmd.length).toBe(1);
    expect(execForm(cmd[0]!.args)).toEqual([
      '/bin/sh',
      '-c',
      'exec node --max-old-space-size="$MAX_HEAP_MB" --no-allocation-site-pretenuring dist/server.js',
    ]);
    expect(instructionsOf(final, 'ENTRYPOINT')).toEqual([]);
  });

  it('sets a default MAX_HEAP_MB and drains with SHUTDOWN_DELAY_MS=5000 (docs/conventions.md §11)', () => {
    const env = envOf(final);
    expect(env.MAX_HEAP_MB).toBe(ref('MAX_HEAP_MB'));
    const heapArg = instructionsOf(final, 'ARG').find((i) => i.args.startsWith('MAX_HEAP_MB='));
    expect(Number(heapArg?.args.split('=')[1])).toBeGreaterThanOrEqual(256);
    expect(env.SHUTDOWN_DELAY_MS).toBe('5000');
  });

  it('installs nothing itself: production dependencies arrive only from the deploy folder', () => {
    for (const run of runs(final)) expect(run).not.toMatch(/\b(?:npm|pnpm|yarn)\b.*\b(?:install|ci|add|i)\b/);
    const finalCopies = copies(final);
    expect(finalCopies.length).toBeGreaterThan(0);
    for (const copy of finalCopies)
      expect(copy.flags.from, `line ${copy.line} copies from the context`).toBeDefined();
    expect(instructionsOf(final, 'ADD')).toEqual([]);
  });

  it('has a HEALTHCHECK with timings that fetches PORT + HEALTH_PATH with node', () => {
    const hc = instructionsOf(final, 'HEALTHCHECK');
    expect(hc.length).toBe(1);
    const { flags, rest } = flagsOf(hc[0]!.args);
    expect(Object.keys(flags).sort()).toEqual(['interval', 'retries', 'start-period', 'timeout']);
    expect(rest.startsWith('CMD ')).toBe(true);
    const argv = execForm(rest.slice(4));
    expect(argv?.slice(0, 2)).toEqual(['node', '-e']);
    expect(argv?.[2]).toContain("fetch('http://127.0.0.1:'+process.env.PORT+process.env.HEALTH_PATH)");
  });
});

describe('Dockerfile: the HEALTHCHECK one-liner behaves', () => {
  const hc = instructionsOf(final, 'HEALTHCHECK')[0]!;
  const script = execForm(flagsOf(hc.args).rest.slice(4))![2]!;
  const g = specFor('g-canonical')!;
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('exits 0 when PORT + HEALTH_PATH answers 200', async () => {
    const server = await healthServer(g.healthPath, 200);
    servers.push(server);
    expect(await runNodeScript(script, { PORT: String(server.port), HEALTH_PATH: g.healthPath })).toBe(0);
  });

  it('exits 1 on another path (404) and while draining (503)', async () => {
    const ok = await healthServer(g.healthPath, 200);
    const draining = await healthServer('/health', 503);
    servers.push(ok, draining);
    expect(await runNodeScript(script, { PORT: String(ok.port), HEALTH_PATH: '/health' })).toBe(1);
    expect(await runNodeScript(script, { PORT: String(draining.port), HEALTH_PATH: '/health' })).toBe(1);
  });

  it('exits 1 when nothing listens', async () => {
    expect(await runNodeScript(script, { PORT: String(await closedPort()), HEALTH_PATH: '/health' })).toBe(1);
  });
});

describe('Dockerfile parser', () => {
  it('joins continuations, skips comments and resolves global ARG defaults in FROM', () => {
    const parsed = parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'ARG IMG=node:22-bookworm-slim',
        `FROM ${ref('IMG')} AS one`,
        'RUN echo a \\',
        '  # a comment inside a continuation',
        '  && echo b',
        'FROM one AS two',
        'COPY --from=one --chown=node:node /x /y',
      ].join('\n'),
    );
    expect(parsed.globalArgs).toEqual({ IMG: 'node:22-bookworm-slim' });
    expect(parsed.stages.map((s) => [s.name, s.from])).toEqual([
      ['one', 'node:22-bookworm-slim'],
      ['two', 'one'],
    ]);
    expect(parsed.stages[0]!.instructions[0]!.args).toBe('echo a && echo b');
    expect(flagsOf(parsed.stages[1]!.instructions[0]!.args)).toEqual({
      flags: { from: 'one', chown: 'node:node' },
      rest: '/x /y',
    });
  });
});

describe('.dockerignore', () => {
  const patterns = readText('.dockerignore')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

  it('keeps host dependencies, build output, caches and git out of the context', () => {
    expect(patterns).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '**/.turbo', '.git', '**/*.tsbuildinfo']),
    );
  });

  it('keeps the fetched Node and the mutation reports out of the context', () => {
    expect(patterns).toEqual(
      expect.arrayContaining(['.node', 'reports', 'packages/*/reports', 'services/*/reports']),
    );
  });

  it('does not exclude what the build needs', () => {
    for (const needed of [
      'package.json',
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      'turbo.json',
      'packages',
      'services',
    ]) {
      expect(patterns).not.toContain(needed);
    }
    expect(patterns.some((p) => p.startsWith('!'))).toBe(false);
  });
});
