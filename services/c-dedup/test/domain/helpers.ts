import { batchInput, costInput, dedupInput, usageInput } from '../../src/schemas.js';

export const read = {
  dedup: (body: Record<string, unknown>) => dedupInput.parse(body),
  batch: (body: Record<string, unknown>) => batchInput.parse(body),
  cost: (body: Record<string, unknown>) => costInput.parse(body),
  usage: (body: Record<string, unknown>) => usageInput.parse(body),
};

export const get = (url: string, timestamp?: string | number, extra: Record<string, unknown> = {}) => ({
  method: 'GET',
  url,
  ...(timestamp === undefined ? {} : { timestamp }),
  ...extra,
});
