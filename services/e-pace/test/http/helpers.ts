import { testConfig } from '@dus/core';
import { testClient } from '@dus/testing';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';

export function makeApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  return createApp(testConfig(overrides));
}

export const app = makeApp();
export const { post, postJson, get } = testClient(app);
export type { Reply } from '@dus/testing';

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

/** Float noise of comparing two values rounded to 0.1 (0.30000000000000004 and friends). */
export const EPSILON = 1e-9;

/** Pace text `M:SS.s` from tenths of a second per unit. */
export function paceText(tenths: number): string {
  const minutes = Math.floor(tenths / 600);
  const rest = tenths % 600;
  const seconds = `${Math.floor(rest / 10)}`.padStart(2, '0');
  return `${minutes}:${seconds}.${rest % 10}`;
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
  '/fit',
  '/adjust',
  '/age-grade',
] as const;

/** Each route's 422 codes; the others answer every well-formed input. */
export const DOMAIN_422: Record<(typeof ROUTES)[number], string[]> = {
  '/pace': [],
  '/predict': ['riegel_exponent_out_of_range'],
  '/vdot': ['vdot_out_of_range'],
  '/zones': ['vdot_out_of_range'],
  '/splits': ['negative_percent_out_of_range', 'split_too_long', 'too_many_splits'],
  '/finish': ['distance_done_out_of_range', 'exponent_out_of_range'],
  '/convert': [],
  '/time-at-pace': [],
  '/distance-at-pace': [],
  '/purdy': [],
  '/fit': ['fit_degenerate'],
  '/adjust': ['condition_out_of_range', 'vdot_out_of_range'],
  '/age-grade': ['age_out_of_range', 'distance_out_of_range'],
};

export type FieldError = { path: string; code: string; message: string };

/** A 400 `validation_failed` problem with an entry at `pointer` of `code`; returns that entry. */
export async function expect400(path: string, body: unknown, pointer: string, code: string) {
  const res = await postJson(path, body);
  expect(res.status, res.text).toBe(400);
  expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect(res.json).toMatchObject({
    type: 'urn:problem:validation_failed',
    code: 'validation_failed',
    status: 400,
  });
  const errors: FieldError[] = res.json.errors;
  const error = errors.find((entry) => entry.path === pointer);
  expect(error, `${pointer} in ${res.text}`).toBeDefined();
  expect(error!.code).toBe(code);
  expect(res.json.detail).toContain(pointer);
  return error!;
}

/** A 422 problem of `code`; returns its detail. */
export async function expect422(path: string, body: unknown, code: string) {
  const res = await postJson(path, body);
  expect(res.status, res.text).toBe(422);
  expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect(res.json).toMatchObject({ type: `urn:problem:${code}`, code, status: 422 });
  expect(res.json.request_id).toBe(res.headers.get('x-request-id'));
  return res.json.detail as string;
}
