import { testService } from '@dus/core';
import { createApp } from '../../src/app.js';

export type { TestJson as Json } from '@dus/core';

export const { makeApp, app, postJson, callTool, bothOk } = testService(
  createApp,
  '/api-request-deduplicator/mcp',
);
