import { type CreateServiceOptions, surfaces, testConfig } from '@dus/core';
import { createApp } from '../../src/app.js';

export const makeApp = (overrides: Parameters<typeof testConfig>[0] = {}, options?: CreateServiceOptions) =>
  createApp(testConfig(overrides), undefined, options);
export const app = makeApp();

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
export type Json = any;

const rest = surfaces(app);
export const { callTool, bothOk } = rest;
export const postJson = (path: string, body: unknown, target = app, headers: Record<string, string> = {}) =>
  (target === app ? rest : surfaces(target)).postJson(path, body, headers);
