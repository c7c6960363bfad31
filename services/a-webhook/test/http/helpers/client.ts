/** In-process HTTP client for the tests: every request and response goes through the leak recorder. */
import { testConfig } from '@dus/core';
import { afterAll, expect } from 'vitest';
import { createApp } from '../../../src/app.js';
import { leaksSoFar, recordedResponses, recordResponse, registerSecrets } from './recorder.js';

export function makeApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  return createApp(testConfig(overrides));
}

export const app = makeApp();

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field in the tests
  json: any;
}

/** Reads and records a response (body and headers). */
export async function readResponse(label: string, response: Response): Promise<TestResponse> {
  const text = await response.text();
  recordResponse(label, `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`);
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/**
 * A fixed request id keeps random UUIDs out of the bodies, so the leak check cannot be tripped by chance.
 */
const DEFAULT_HEADERS = { 'x-request-id': 'http-test' };

export async function request(path: string, init: RequestInit = {}, target = app): Promise<TestResponse> {
  const response = await target.request(path, {
    ...init,
    headers: { ...DEFAULT_HEADERS, ...(init.headers as Record<string, string> | undefined) },
  });
  return readResponse(`${init.method ?? 'GET'} ${path}`, response);
}

export const get = (path: string, headers: Record<string, string> = {}) => request(path, { headers });

/** POSTs a raw body to /verify (or another path) as JSON. */
export function post(path: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  return request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

/** POST /verify with a JSON body; the body's `secret` is registered for the leak check. */
export function verify(body: object): Promise<TestResponse> {
  registerSecrets((body as { secret?: unknown }).secret);
  return post('/verify', JSON.stringify(body));
}

// Every test file that uses this client ends by checking that none of its responses contains a secret.
afterAll(() => {
  expect(recordedResponses().length).toBeGreaterThan(0);
  expect(leaksSoFar()).toEqual([]);
});
