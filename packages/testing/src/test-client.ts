import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A reply read whole: status, headers, text and (when the body is JSON) the parsed body. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test code inspects bodies field by field
  json: any;
}

async function toReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** In-process request helpers for a service app, relative to `base`. */
export function testClient(app: RequestTarget, base = '') {
  const post = async (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
    toReply(
      await app.request(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: body as string,
      }),
    );
  return {
    post,
    postJson: (path: string, value: unknown, headers: Record<string, string> = {}) =>
      post(path, JSON.stringify(value), headers),
    get: async (path: string, headers: Record<string, string> = {}) =>
      toReply(await app.request(`${base}${path}`, { headers })),
    request: async (path: string, init?: RequestInit) => toReply(await app.request(`${base}${path}`, init)),
  };
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Every stdout line (the JSON request logs), for assertions such as "no secret was logged". */
  stdout: string[];
  /** Every stderr line. */
  stderr: string[];
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a built server (`dist/server.js`) on a free port and resolves once it logs `listening`. */
export async function startServerProcess(
  serverFile: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverFile], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const lines = createInterface({ input: child.stdout! });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`${serverFile} exited with ${code} before listening: ${stderr.join('\n')}`)),
    );
    lines.on('line', (line) => {
      stdout.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url) resolve(entry.url);
      } catch {
        // not a JSON log line
      }
    });
  });
  return {
    origin,
    child,
    stdout,
    stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
