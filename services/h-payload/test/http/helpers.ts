import { testService } from '@dus/testing';
import { createApp } from '../../src/app.js';

export type { TestJson as Json } from '@dus/testing';

export const { makeApp, app, postJson, callTool, bothOk } = testService(createApp);
