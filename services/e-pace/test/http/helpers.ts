import { testConfig } from '@dus/core';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';

export function makeApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  return createApp(testConfig(overrides));
}

const app = makeApp();

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field in the tests
  json: any;
}

export async function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await app.request(path, {
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

/** POSTs `value` and asserts a 200; returns the body. */
export async function ok(path: string, value: unknown) {
  const res = await postJson(path, value);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

export async function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await app.request(path, { headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** `H:MM:SS` / `M:SS` / `SS.t` → seconds, to write the spec's worked examples as they are printed. */
export function hms(text: string): number {
  return text.split(':').reduce((total, field) => total * 60 + Number(field), 0);
}

/** |actual − expected| ≤ tolerance, with both values in the failure message. */
export function expectNear(actual: number, expected: number, tolerance: number, what = '') {
  expect(
    Math.abs(actual - expected),
    `${what} ${actual} vs ${expected} (±${tolerance})`.trim(),
  ).toBeLessThanOrEqual(tolerance + 1e-9);
}

export const ROUTES = ['/pace', '/predict', '/vdot', '/zones', '/splits', '/finish', '/convert'] as const;

export { app };
