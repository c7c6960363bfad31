import { serveStdio } from '@dus/mcp';
import type { Hono } from 'hono';
import { loadConfigOrExit, type ServiceConfig } from './config.js';
import type { RequestLimiter } from './limit.js';
import { createRuntime, type Runtime } from './runtime.js';
import { startTracing } from './tracing.js';

export interface RunStdioOptions {
  name: string;
  version: string;
  defaultPort: number;
  /** The service's app factory (its `createApp`): the stdio server answers through the same app. */
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app
  createApp: (config: ServiceConfig, options: { runtime: Runtime; limiter: RequestLimiter }) => Hono<any>;
  env?: Record<string, string | undefined>;
}

/**
 * No quota on stdio (docs/conventions.md §13): the process serves the one local user who started it,
 * so there is no client to tell apart and nothing to share; an operator who wants a quota serves HTTP.
 */
const LOCAL_USER: RequestLimiter = {
  identify: () => ({ plan: 'local', subject: undefined }),
  take: () => ({ refused: undefined, headers: {} }),
};

/** The path of the app's MCP endpoint (`<base>/mcp`), from the routes it registered with Hono. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app
function mcpPathOf(app: Hono<any>): string {
  const route = app.routes.find((each) => each.method === 'POST' && each.path.endsWith('/mcp'));
  if (route === undefined) throw new Error('the app has no POST <base>/mcp route');
  return route.path;
}

/**
 * Serves a service's MCP tools over stdio (the `bin` of each service package): the same configuration
 * from the environment, logs on stderr only, and every message answered by the service's own `/mcp`
 * endpoint in process — both eras, the same call stage (byte limit, validation, the worker pool,
 * deadlines, problems). A message's arguments are measured as the compact JSON the transport parsed.
 * Ends when stdin does, or on SIGTERM/SIGINT.
 */
export async function runStdio(options: RunStdioOptions): Promise<void> {
  const env = options.env ?? process.env;
  const config = loadConfigOrExit(env, options.name, options.defaultPort);
  const runtime = createRuntime(config, options.name, options.version, 'stderr');
  const tracing = await startTracing(config, options.name, options.version);
  if (tracing !== undefined) {
    runtime.tracing = tracing;
    runtime.onClose(() => tracing.shutdown());
  }
  const app = options.createApp(config, { runtime, limiter: LOCAL_USER });
  const url = `http://localhost${mcpPathOf(app)}`;

  let closing: Promise<void> | undefined;
  const stop = () => {
    closing ??= (async () => {
      await runtime.close();
      runtime.logger.info('stopped');
      await new Promise<void>((resolve) => runtime.logger.flush(() => resolve()));
      process.exit(0);
    })();
    return closing;
  };
  await serveStdio({
    async answer(text, headers) {
      const response = await app.request(url, { method: 'POST', headers, body: text });
      const body = await response.text();
      return body === '' ? undefined : body;
    },
    onError: (error) => {
      const { name, message } = error as Error;
      runtime.logger.warn({ err: { name, message } }, 'mcp stdio');
    },
    onClose: () => void stop(),
  });
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  runtime.logger.info({ transport: 'stdio' }, 'serving MCP on stdio');
}
