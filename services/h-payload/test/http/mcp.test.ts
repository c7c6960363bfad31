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
  [
    'apply_mask',
    '/api/v1/apply-mask',
    {
      payload: { id: 7, debug: { q: 'x' }, items: [{ sku: 'A1', _tmp: 1 }] },
      fields: 'id,items,!items/_tmp',
      traffic: { requests_per_day: 1000, region: 'ap-southeast-2', provider: 'azure', compression: 'brotli' },
    },
  ],
  [
    'budget_check',
    '/api/v1/budget-check',
    {
      payload: { items: [{ blob: 'xx' }] },
      budgets: [{ path: '/items/*/blob', max_bytes: 3 }],
      total_max_bytes: 10,
    },
  ],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'h-payload', version: '1.1.0' },
  tools: [
    'apply_mask',
    'bandwidth_cost_calc',
    'budget_check',
    'compare_payloads',
    'field_prune_suggest',
    'payload_analyze',
  ],
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
    const mask = await session().client.callTool({
      name: 'apply_mask',
      arguments: { payload: {}, fields: 'a(' },
    });
    expect(mask.isError).toBe(true);
    expect(errorText(mask)).toMatch(/\/fields/);
    const budget = await session().client.callTool({
      name: 'budget_check',
      arguments: { payload: {}, budgets: [{ path: 'a', max_bytes: 1 }] },
    });
    expect(budget.isError).toBe(true);
    expect(errorText(budget)).toMatch(/\/budgets\/0\/path/);
  });
});
