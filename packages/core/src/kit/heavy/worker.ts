// A worker thread of a service's heavy-call pool (docs/conventions.md §11): it parses, validates and
// computes what the event loop must not, from body bytes transferred to it, and answers with one
// transferred buffer. It loads the service's own built operations, so it runs the same code.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { JsonRpcError, type McpEndpoint } from '@dus/mcp';
import { move, workerData } from 'piscina';
import { isProblemError } from '../../errors.js';
import { argumentBytesOf } from '../mcp-argument-bytes.js';
import { mcpBody, serviceMcpEndpoint } from '../mcp-endpoint.js';
import type { OperationDefinition } from '../operation.js';
import { restCall } from '../rest-call.js';
import { type CallRecord, type HeavyMeta, type HeavyTask, packResult, type WorkerSetup } from './protocol.js';

/**
 * A worker yields the CPU to the event loop: on a machine with as many workers as cores, the loop
 * (probes, small calls) would otherwise wait for a time slice behind them. Linux applies a nice value
 * to the thread whose id it is given; elsewhere (or without /proc) the thread keeps its priority.
 */
function yieldToEventLoop(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // no /proc, or not allowed: the default priority
  }
}

const setup = workerData as WorkerSetup;
const loaded: Promise<readonly OperationDefinition[]> = import(setup.module).then(
  (module: { operations: OperationDefinition[] }) => module.operations,
);
// The service's code loads at full priority: until it has, the pool runs nothing and every heavy call
// waits for it (niced from the start, a worker took ~2.7 s to load beside a busy client, not ~0.3 s).
loaded.then(yieldToEventLoop, () => {});
let endpoint: McpEndpoint | undefined;

const utf8 = (body: string | Uint8Array | null) =>
  body === null ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;

async function rest(task: Extract<HeavyTask, { kind: 'rest' }>): Promise<Uint8Array> {
  const op = (await loaded).find((candidate) => candidate.name === task.operation);
  if (op === undefined) throw new Error(`no operation ${task.operation} in ${setup.module}`);
  const { settings } = setup;
  try {
    const method = task.request.method;
    const bytes = method === 'GET' || method === 'DELETE' ? undefined : task.bytes;
    const answer = await restCall(op, task.request, bytes, settings);
    const meta: HeavyMeta = {
      kind: 'answer',
      status: answer.status,
      headers: answer.headers,
      hasBody: answer.body !== null,
    };
    return packResult(meta, utf8(answer.body));
  } catch (error) {
    if (!isProblemError(error)) throw error;
    return packResult({ kind: 'problem', problem: error.toInit() }, undefined);
  }
}

/** Asks the event loop for a token over the task's port: one question, one answer. */
function asker(port: MessagePort) {
  let next = 0;
  const waiting = new Map<number, (error: JsonRpcError | undefined) => void>();
  port.on(
    'message',
    ({ id, error }: { id: number; error?: { code: number; message: string; data: unknown } }) => {
      waiting.get(id)?.(
        error === undefined ? undefined : new JsonRpcError(error.code, error.message, error.data),
      );
      waiting.delete(id);
    },
  );
  return (method: string) =>
    new Promise<JsonRpcError | undefined>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      port.postMessage({ id, method });
    });
}

async function mcp(task: Extract<HeavyTask, { kind: 'mcp' }>): Promise<Uint8Array> {
  const operations = await loaded;
  endpoint ??= serviceMcpEndpoint(operations, setup.settings, {
    called: (tool, ok, startedAt, endedAt, host) =>
      (host as CallRecord[]).push({ tool, ok, startedAt, endedAt }),
  });
  const calls: CallRecord[] = [];
  try {
    const body = mcpBody(task.bytes, setup.settings, task.requestId);
    const { headers } = task;
    const reply = await endpoint.answer(
      body,
      headers === undefined ? task.protocolVersion : (name) => headers[name],
      {
        requestId: task.requestId,
        bodyBytes: task.bytes.byteLength,
        ...(body.ok ? { argumentBytes: argumentBytesOf(task.bytes, body.message) } : {}),
        admit: asker(task.admit),
        host: calls,
      },
    );
    if ('refusal' in reply)
      return packResult(
        { kind: 'mcp', status: reply.status, refusal: reply.refusal, calls, hasBody: false },
        undefined,
      );
    const text = 'body' in reply ? utf8(reply.body) : undefined;
    return packResult({ kind: 'mcp', status: reply.status, calls, hasBody: text !== undefined }, text);
  } catch (error) {
    if (!isProblemError(error)) throw error;
    return packResult({ kind: 'problem', problem: error.toInit() }, undefined);
  } finally {
    task.admit.close();
  }
}

export default async function run(task: HeavyTask): Promise<unknown> {
  if (task.kind === 'warm') {
    await loaded;
    return null;
  }
  const packed = task.kind === 'rest' ? await rest(task) : await mcp(task);
  return move(packed);
}
