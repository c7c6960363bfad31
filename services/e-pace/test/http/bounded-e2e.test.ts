// Issue 43 item 8 (E) on the built server over a real socket: an age grade of 5 km in 1 s (once
// 77,107.71 %) and of a 3:00 mile at 100 (once 617.5 %) are 422 time_out_of_range naming /time, on REST
// and MCP; a time at the bound is still graded.
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

const both = async (args: object) => {
  const rest = await fetch(`${server.origin}/age-grade`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const mcp = await fetch(`${server.origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'age_grade', arguments: args },
    }),
  });
  return {
    status: rest.status,
    rest: (await rest.json()) as Record<string, unknown>,
    mcp: JSON.stringify(await mcp.json()),
  };
};

describe('age grade refuses times beyond the standard (built server)', () => {
  it.each([
    [{ distance: '5k', time: 1, age: 30, sex: 'male' }, '77107.71 %'],
    [{ distance: 'mile', time: '3:00', age: 100, sex: 'male' }, '617.59 %'],
  ])('%j: 422 time_out_of_range at /time on REST and MCP', async (args, grade) => {
    const answer = await both(args);
    expect(answer.status).toBe(422);
    expect(answer.rest).toMatchObject({
      code: 'time_out_of_range',
      errors: [{ path: '/time', code: 'time_out_of_range' }],
    });
    expect(answer.rest.detail).toContain(grade);
    expect(answer.mcp).toContain('time_out_of_range');
  });

  it('a 5 km in 11:41 at 30 (109.996 %, just under the bound) is graded; 11:40 is not', async () => {
    const answer = await both({ distance: '5k', time: '11:41', age: 30, sex: 'male' });
    expect(answer.status).toBe(200);
    expect(answer.rest.age_grade_percent).toBe(110);
    expect((await both({ distance: '5k', time: '11:40', age: 30, sex: 'male' })).status).toBe(422);
  });
});
