import { testConfig } from '@dus/core';
import { testClient } from '@dus/testing';
import { createApp } from '../src/app.js';

export const BASE = '/canonical-digest-api';

export function makeApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  return createApp(testConfig(overrides));
}

export const app = makeApp();
export const { post, postJson, get } = testClient(app, BASE);

/** Parsed JSON body of a fetch Response (typed loosely for assertions). */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies in tests
export const json = async (res: Response): Promise<any> => res.json();
