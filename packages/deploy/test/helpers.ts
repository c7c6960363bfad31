// Shared fixtures for the static container checks: the repository root, the product's service table,
// a small Dockerfile parser and a runner for the health-check one-liners.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

/** packages/deploy/test -> repository root. */
export const root = resolve(import.meta.dirname, '../../..');

export interface ServiceSpec {
  id: string;
  dir: string;
  port: number;
  /** Base path from the product's service table ('' = served at the root). */
  basePath: string;
  /** Where `GET …/health` answers (C keeps its standard endpoints under its own prefix). */
  healthPath: string;
  version: string;
}

/**
 * The eight services the product ships (spec README table and docs/conventions.md §4). Declared here rather
 * than read from the spec folder so the repository's tests stand on their own.
 */
export const SPEC: readonly ServiceSpec[] = [
  { id: 'A', dir: 'a-webhook', port: 8081, basePath: '', healthPath: '/health', version: '1.0.0' },
  { id: 'B', dir: 'b-token-budget', port: 8082, basePath: '', healthPath: '/health', version: '1.1.0' },
  {
    id: 'C',
    dir: 'c-dedup',
    port: 8083,
    basePath: '',
    healthPath: '/api-request-deduplicator/health',
    version: '1.1.0',
  },
  { id: 'D', dir: 'd-barcode', port: 8084, basePath: '', healthPath: '/health', version: '1.0.0' },
  { id: 'E', dir: 'e-pace', port: 8085, basePath: '', healthPath: '/health', version: '1.0.0' },
  { id: 'F', dir: 'f-crypto-tax', port: 8086, basePath: '', healthPath: '/health', version: '1.1.0' },
  {
    id: 'G',
    dir: 'g-canonical',
    port: 8087,
    basePath: '/canonical-digest-api',
    healthPath: '/canonical-digest-api/health',
    version: '1.1.0',
  },
  { id: 'H', dir: 'h-payload', port: 8088, basePath: '', healthPath: '/health', version: '1.1.0' },
];

export function specFor(dir: string): ServiceSpec | undefined {
  return SPEC.find((s) => s.dir === dir);
}

export function readText(relative: string): string {
  return readFileSync(join(root, relative), 'utf8');
}

export function readJson<T = Record<string, unknown>>(relative: string): T {
  return JSON.parse(readText(relative)) as T;
}

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

export function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** Service directories present on disk right now (services/<dir> holding a package.json). */
export function servicesOnDisk(): string[] {
  const dir = join(root, 'services');
  if (!isDirectory(dir)) return [];
  return readdirSync(dir)
    .filter((name) => isDirectory(join(dir, name)) && !name.startsWith('.'))
    .sort();
}

export interface ServicePackage {
  name?: string;
  version?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  service?: { port?: number; basePath?: string };
}

// ---------------------------------------------------------------------------------------------------
// docker-compose.yml

export interface ComposeService {
  build?: { context?: string; dockerfile?: string; args?: Record<string, string | number> };
  image?: string;
  ports?: (string | { target?: number; published?: string | number })[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: {
    test?: string | string[];
    interval?: string;
    timeout?: string;
    retries?: number;
    start_period?: string;
    disable?: boolean;
  };
  restart?: string;
  depends_on?: string[] | Record<string, { condition?: string }>;
  command?: string | string[];
  [key: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [key: string]: unknown;
}

export const composeText = (): string => readText('docker-compose.yml');

export function loadCompose(): ComposeFile {
  return parse(composeText(), { strict: true, uniqueKeys: true }) as ComposeFile;
}

/** `environment:` as a map, whether written as a map or as a `KEY=value` list. */
export function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment;
  const out: Record<string, string> = {};
  if (Array.isArray(env)) {
    for (const entry of env) {
      const eq = entry.indexOf('=');
      if (eq > 0) out[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
  } else if (env) {
    for (const [key, value] of Object.entries(env)) out[key] = value === null ? '' : String(value);
  }
  return out;
}

/** Published host ports of a compose service (short `HOST:CONTAINER` syntax or long syntax). */
export function portMappings(service: ComposeService): { host: number; container: number }[] {
  return (service.ports ?? []).map((entry) => {
    if (typeof entry === 'string') {
      const match = /^(?:[\d.]+:)?(\d+):(\d+)(?:\/tcp)?$/.exec(entry);
      if (!match) throw new Error(`unsupported port mapping ${entry}`);
      return { host: Number(match[1]), container: Number(match[2]) };
    }
    return { host: Number(entry.published), container: Number(entry.target) };
  });
}

/** Compose durations such as `15s`, `1m30s`, `500ms` in milliseconds. */
export function durationMs(value: string | undefined): number {
  if (value === undefined) return Number.NaN;
  const units: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(us|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) return Number.NaN;
  return parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0);
}

// ---------------------------------------------------------------------------------------------------
// Dockerfile

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  index: number;
  name?: string;
  /** Image reference as written (after substituting global ARG defaults). */
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG instructions before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

/** Parses a Dockerfile into stages (line continuations, comments and parser directives handled). */
export function parseDockerfile(text: string): Dockerfile {
  const instructions: Instruction[] = [];
  let current: Instruction | undefined;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const trimmed = raw.trim();
    // Comment lines and empty lines are dropped, also inside a continuation (as Docker does).
    if (trimmed.startsWith('#') || trimmed === '') return;
    const continues = /\\\s*$/.test(raw);
    const body = continues ? raw.replace(/\\\s*$/, '') : raw;
    if (current) {
      current.args += ` ${body.trim()}`;
    } else {
      const match = /^\s*([A-Za-z]+)\s*(.*)$/.exec(body);
      if (!match) throw new Error(`Dockerfile line ${i + 1}: cannot parse "${raw}"`);
      current = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: i + 1 };
    }
    if (!continues) {
      current.args = current.args.replace(/\s+/g, ' ').trim();
      instructions.push(current);
      current = undefined;
    }
  });
  if (current) throw new Error('Dockerfile ends inside a line continuation');

  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`Dockerfile line ${instruction.line}: cannot parse FROM`);
      const from = match[1]!.replace(/\$\{?(\w+)\}?/g, (_, name: string) => globalArgs[name] ?? '');
      stages.push({ index: stages.length, name: match[2]?.toLowerCase(), from, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') {
        throw new Error(`Dockerfile line ${instruction.line}: ${instruction.keyword} before the first FROM`);
      }
      const [name, value = ''] = instruction.args.split('=', 2);
      globalArgs[name!.trim()] = value.trim();
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

export const loadDockerfile = (): Dockerfile => parseDockerfile(readText('Dockerfile'));

export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

/** `KEY=value` pairs of ENV/ARG/LABEL arguments (values may be quoted). */
export function keyValues(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
    let value = match[2]!;
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    out[match[1]!] = value;
  }
  return out;
}

/** Flags (`--from=build`, `--interval=15s`) at the start of an instruction's arguments. */
export function flagsOf(args: string): { flags: Record<string, string>; rest: string } {
  const flags: Record<string, string> = {};
  let rest = args;
  for (;;) {
    const match = /^--([\w-]+)(?:=(\S+))?\s*/.exec(rest);
    if (!match) break;
    flags[match[1]!] = match[2] ?? 'true';
    rest = rest.slice(match[0].length);
  }
  return { flags, rest };
}

/** The JSON (exec form) argument list of CMD/ENTRYPOINT/HEALTHCHECK CMD, or undefined for shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string')) return undefined;
  return parsed as string[];
}

// ---------------------------------------------------------------------------------------------------
// Running a health-check one-liner against a local server

/** An HTTP server on 127.0.0.1 that answers `status` on `path` and 404 elsewhere. */
export async function healthServer(
  path: string,
  status: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.statusCode = req.url === path ? status : 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: status === 200 ? 'ok' : 'shutting_down' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Runs `node -e <script>` and resolves with its exit code (killed after `timeoutMs`). */
export function runNodeScript(
  script: string,
  env: Record<string, string>,
  timeoutMs = 5000,
): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', script], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done(code ?? (signal ? 128 : 1));
    });
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
