import { testConfig } from '@dus/core';
import { createApp } from '../src/app.js';

export const BASE = '/canonical-digest-api';

export function makeApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  return createApp(testConfig(overrides));
}

const app = makeApp();

export async function post(path: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  const response = await app.request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text ? JSON.parse(text) : undefined,
  };
}

export const postJson = (path: string, value: unknown) => post(path, JSON.stringify(value));

export async function get(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(`${BASE}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** Parsed JSON body of a fetch Response (typed loosely for assertions). */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies in tests
export const json = async (res: Response): Promise<any> => res.json();

export { app };
