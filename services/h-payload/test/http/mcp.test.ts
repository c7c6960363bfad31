import { describeMcpMatchesRest, errorText, type ToolCall } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

const CALLS: ToolCall[] = [
  ['payload_analyze', '/api/v1/payload-analyze', { payload: { a: 1, b: null, c: { d: [1, 2, { e: '' }] } } }],
  [
    'field_prune_suggest',
    '/api/v1/field-prune-suggest',
    { payload: { id: 1, debug: { q: 'x' }, _tmp: 1, name: null } },
  ],
  [
    'bandwidth_cost_calc',
    '/api/v1/bandwidth-cost-calc',
    { payload_bytes: 200000, requests_per_month: 10000000, region: 'us-east-1' },
  ],
  ['compare_payloads', '/api/v1/compare-payloads', { original: { a: 1 }, optimized: { a: 2 } }],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'h-payload', version: '1.1.0' },
  tools: ['bandwidth_cost_calc', 'compare_payloads', 'field_prune_suggest', 'payload_analyze'],
  calls: CALLS,
});

describe('H over MCP', () => {
  it('a tool error for bad arguments', async () => {
    const bad = await session().client.callTool({
      name: 'bandwidth_cost_calc',
      arguments: { payload_bytes: 1, requests_per_month: 1, region: 'mars' },
    });
    expect(bad.isError).toBe(true);
    expect(errorText(bad)).toMatch(/\/region/);
  });
});
