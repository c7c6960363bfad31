import { testService } from '@dus/testing';
import { createApp } from '../../src/app.js';

export type { TestJson as Json } from '@dus/testing';

export const { makeApp, app, postJson, callTool, bothOk } = testService(createApp);

/** A JSON trade as a client sends it. */
export const trade = (
  type: 'buy' | 'sell',
  asset: string,
  amount: string | number,
  price: string | number,
  date: string,
  extra: Record<string, unknown> = {},
) => ({ type, asset, amount: String(amount), price: String(price), date, ...extra });
