import type { MessagePort } from 'node:worker_threads';
import type { McpRefusal } from '@dus/mcp';
import type { ProblemInit } from '../../errors.js';
import type { McpSettings } from '../mcp-endpoint.js';
import type { RestRequest } from '../rest-call.js';

/** What every worker of a service's pool is given once: where its operations are, and how its MCP endpoint is made. */
export interface WorkerSetup {
  /** URL of the built module that exports the service's `operations`. */
  module: string;
  settings: McpSettings;
}

/**
 * One heavy call for a worker: its body bytes are transferred, not copied. `warm` loads the service's
 * code and answers once it has (start-up: readiness waits for every thread).
 */
export type HeavyTask =
  | { kind: 'warm' }
  | { kind: 'rest'; operation: string; request: RestRequest; bytes: Uint8Array }
  | {
      kind: 'mcp';
      bytes: Uint8Array;
      protocolVersion: string | undefined;
      /** The headers that choose and check the message's era (MCP_ERA_HEADERS); default only the version. */
      headers?: Record<string, string>;
      requestId: string;
      /** Where each further call of a batch asks the event loop for its rate-limit token. */
      admit: MessagePort;
    };

/** A call an MCP message ran in the worker, for the metrics, the spans and the access log. */
export interface CallRecord {
  tool: string;
  ok: boolean;
  startedAt: number;
  endedAt: number;
}

/** What a worker answers, as JSON beside the body bytes (one buffer, transferred back). */
export type HeavyMeta =
  | { kind: 'answer'; status: number; headers: Record<string, string>; hasBody: boolean }
  | { kind: 'problem'; problem: ProblemInit }
  | { kind: 'mcp'; status: number; refusal?: McpRefusal; calls: CallRecord[]; hasBody: boolean };

/** `[meta length: u32][meta JSON][body]`: one transferable buffer for the whole answer. */
export function packResult(meta: HeavyMeta, body: Uint8Array | undefined): Uint8Array {
  const head = Buffer.from(JSON.stringify(meta), 'utf8');
  const packed = new Uint8Array(4 + head.byteLength + (body?.byteLength ?? 0));
  new DataView(packed.buffer).setUint32(0, head.byteLength);
  packed.set(head, 4);
  if (body !== undefined) packed.set(body, 4 + head.byteLength);
  return packed;
}

export function unpackResult(packed: Uint8Array): { meta: HeavyMeta; body: Uint8Array } {
  const length = new DataView(packed.buffer, packed.byteOffset).getUint32(0);
  const meta = JSON.parse(
    Buffer.from(packed.buffer, packed.byteOffset + 4, length).toString('utf8'),
  ) as HeavyMeta;
  return { meta, body: packed.subarray(4 + length) };
}
