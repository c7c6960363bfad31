import { testClient, testConfig } from '@dus/core';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';

export function makeApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  return createApp(testConfig(overrides));
}

export const app = makeApp();
export const { post, postJson, get } = testClient(app);
export type { Reply } from '@dus/core';

/** POSTs `value` and asserts a 200; returns the body. */
export async function ok(path: string, value: unknown) {
  const res = await postJson(path, value);
  expect(res.status, res.text).toBe(200);
  return res.json;
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

export const ROUTES = [
  '/pace',
  '/predict',
  '/vdot',
  '/zones',
  '/splits',
  '/finish',
  '/convert',
  '/time-at-pace',
  '/distance-at-pace',
  '/purdy',
] as const;
