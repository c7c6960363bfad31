import { describe, expect, it, vi } from 'vitest';
import { createJsonRpcDispatcher, JsonRpcError, parseJsonRpc } from '../src/index.js';

interface Ctx {
  user: string;
}

function setup(options: Parameters<typeof createJsonRpcDispatcher>[1] = {}) {
  const calls: string[] = [];
  const onError = vi.fn();
  const dispatcher = createJsonRpcDispatcher<Ctx>(
    {
      subtract(params) {
        if (Array.isArray(params)) return (params[0] as number) - (params[1] as number);
        const { minuend, subtrahend } = params as { minuend: number; subtrahend: number };
        return minuend - subtrahend;
      },
      whoami: (_params, context) => context.user,
      nothing: () => undefined,
      record(params) {
        calls.push(JSON.stringify(params));
      },
      picky() {
        throw new JsonRpcError(-32602, 'Invalid params: x is required', { path: '/x' });
      },
      broken() {
        throw new Error('stack secret');
      },
      async slow(params) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return params;
      },
    },
    { onError, ...options },
  );
  return { dispatcher, calls, onError };
}

const ctx: Ctx = { user: 'ann' };

describe('single requests', () => {
  it('answers positional and named params, echoing string and integer ids', async () => {
    const { dispatcher } = setup();
    expect(
      await dispatcher.dispatch({ jsonrpc: '2.0', method: 'subtract', params: [42, 23], id: 1 }, ctx),
    ).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 19,
    });
    expect(
      await dispatcher.dispatch(
        { jsonrpc: '2.0', method: 'subtract', params: { subtrahend: 23, minuend: 42 }, id: 'abc' },
        ctx,
      ),
    ).toEqual({ jsonrpc: '2.0', id: 'abc', result: 19 });
    expect(
      await dispatcher.dispatch({ jsonrpc: '2.0', method: 'subtract', params: [1, 2], id: -7 }, ctx),
    ).toEqual({
      jsonrpc: '2.0',
      id: -7,
      result: -1,
    });
  });

  it('passes the context and turns an undefined result into null', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'whoami', id: 0 }, ctx)).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: 'ann',
    });
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'nothing', id: '' }, ctx)).toEqual({
      jsonrpc: '2.0',
      id: '',
      result: null,
    });
  });

  it('-32601 for an unknown method, including Object.prototype names', async () => {
    const { dispatcher } = setup();
    for (const method of ['foobar', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(await dispatcher.dispatch({ jsonrpc: '2.0', method, id: 1 }, ctx)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: `Method not found: "${method}"` },
      });
    }
  });

  it('bounds the echoed method name', async () => {
    const { dispatcher } = setup();
    const reply = await dispatcher.dispatch({ jsonrpc: '2.0', method: 'x'.repeat(5000), id: 1 }, ctx);
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: `Method not found: "${'x'.repeat(100)}…"` },
    });
  });

  it('-32602 (or any code) from a thrown JsonRpcError, with its data', async () => {
    const { dispatcher, onError } = setup();
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'picky', id: 9 }, ctx)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32602, message: 'Invalid params: x is required', data: { path: '/x' } },
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('-32603 with a generic message for any other exception, reported to onError', async () => {
    const { dispatcher, onError } = setup();
    const reply = await dispatcher.dispatch({ jsonrpc: '2.0', method: 'broken', id: 'b' }, ctx);
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'b', error: { code: -32603, message: 'Internal error' } });
    expect(JSON.stringify(reply)).not.toContain('secret');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[1]).toEqual({ method: 'broken', id: 'b' });
    expect(onError.mock.calls[0]?.[0]).toEqual(new Error('stack secret'));
  });
});

describe('-32600 invalid request', () => {
  const cases: [string, unknown, string | number | null, string][] = [
    ['a number', 1, null, 'expected a JSON object'],
    ['a string', 'ping', null, 'expected a JSON object'],
    ['null', null, null, 'expected a JSON object'],
    ['a nested array', [[]], null, ''],
    ['jsonrpc 1.0', { jsonrpc: '1.0', method: 'whoami', id: 1 }, 1, 'jsonrpc must be exactly "2.0"'],
    ['jsonrpc missing', { method: 'whoami', id: 'x' }, 'x', 'jsonrpc must be exactly "2.0"'],
    ['jsonrpc 2 as a number', { jsonrpc: 2, method: 'whoami', id: 1 }, 1, 'jsonrpc must be exactly "2.0"'],
    ['method not a string', { jsonrpc: '2.0', method: 1, params: 'bar' }, null, 'method must be a string'],
    ['method missing', { jsonrpc: '2.0', id: 4 }, 4, 'method must be a string'],
    [
      'params a string',
      { jsonrpc: '2.0', method: 'whoami', params: 'x', id: 2 },
      2,
      'params must be an object or an array',
    ],
    [
      'params null',
      { jsonrpc: '2.0', method: 'whoami', params: null, id: 2 },
      2,
      'params must be an object or an array',
    ],
    [
      'fractional id',
      { jsonrpc: '2.0', method: 'whoami', id: 1.5 },
      null,
      'id must be a string or an integer',
    ],
    ['null id', { jsonrpc: '2.0', method: 'whoami', id: null }, null, 'id must be a string or an integer'],
    ['boolean id', { jsonrpc: '2.0', method: 'whoami', id: true }, null, 'id must be a string or an integer'],
    ['object id', { jsonrpc: '2.0', method: 'whoami', id: {} }, null, 'id must be a string or an integer'],
    [
      'unsafe integer id',
      { jsonrpc: '2.0', method: 'whoami', id: 2 ** 53 },
      null,
      'id must be a string or an integer',
    ],
  ];

  it.each(cases)('%s', async (_name, message, id, why) => {
    const { dispatcher } = setup();
    const reply = await dispatcher.dispatch(message, ctx);
    if (Array.isArray(message)) {
      expect(reply).toEqual([
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Invalid Request: expected a JSON object' },
        },
      ]);
      return;
    }
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: `Invalid Request: ${why}` },
    });
  });

  it('treats a response object as invalid unless ignoreResponses is set', async () => {
    const response = { jsonrpc: '2.0', id: 3, result: {} };
    expect(await setup().dispatcher.dispatch(response, ctx)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request: method must be a string' },
    });
    const lenient = setup({ ignoreResponses: true }).dispatcher;
    expect(await lenient.dispatch(response, ctx)).toBeUndefined();
    expect(
      await lenient.dispatch({ jsonrpc: '2.0', id: null, error: { code: 1, message: 'x' } }, ctx),
    ).toBeUndefined();
    // Both result and error: not a valid response, so still an invalid request.
    expect(await lenient.dispatch({ jsonrpc: '2.0', id: 3, result: 1, error: {} }, ctx)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request: method must be a string' },
    });
  });
});

describe('notifications', () => {
  it('runs the method but sends nothing back', async () => {
    const { dispatcher, calls } = setup();
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'record', params: [1] }, ctx)).toBeUndefined();
    expect(calls).toEqual(['[1]']);
  });

  it('stays silent for unknown methods and failing handlers, reporting only unexpected errors', async () => {
    const { dispatcher, onError } = setup();
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'nope' }, ctx)).toBeUndefined();
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'picky' }, ctx)).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'broken' }, ctx)).toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { method: 'broken' }, ctx);
  });
});

describe('batches', () => {
  it('an empty batch is a single -32600 error', async () => {
    expect(await setup().dispatcher.dispatch([], ctx)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: empty batch' },
    });
  });

  it('an invalid batch of numbers gets one error per element', async () => {
    const error = { code: -32600, message: 'Invalid Request: expected a JSON object' };
    expect(await setup().dispatcher.dispatch([1, 2, 3], ctx)).toEqual([
      { jsonrpc: '2.0', id: null, error },
      { jsonrpc: '2.0', id: null, error },
      { jsonrpc: '2.0', id: null, error },
    ]);
  });

  it('a batch of notifications gets no response at all', async () => {
    const { dispatcher, calls } = setup();
    const batch = [
      { jsonrpc: '2.0', method: 'record', params: [1] },
      { jsonrpc: '2.0', method: 'record', params: [2] },
    ];
    expect(await dispatcher.dispatch(batch, ctx)).toBeUndefined();
    expect(calls).toEqual(['[1]', '[2]']);
  });

  it('a mixed batch answers the requests and invalid entries, in order', async () => {
    const { dispatcher } = setup({ ignoreResponses: true });
    const reply = await dispatcher.dispatch(
      [
        { jsonrpc: '2.0', method: 'slow', params: ['first'], id: '1' },
        { jsonrpc: '2.0', method: 'record', params: [7] },
        { jsonrpc: '2.0', method: 'subtract', params: [42, 23], id: '2' },
        { foo: 'boo' },
        { jsonrpc: '2.0', id: 99, result: 'a response from the peer' },
        { jsonrpc: '2.0', method: 'foo.get', params: { name: 'myself' }, id: '5' },
        { jsonrpc: '2.0', method: 'whoami', id: 6 },
      ],
      ctx,
    );
    expect(reply).toEqual([
      { jsonrpc: '2.0', id: '1', result: ['first'] },
      { jsonrpc: '2.0', id: '2', result: 19 },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: jsonrpc must be exactly "2.0"' },
      },
      { jsonrpc: '2.0', id: '5', error: { code: -32601, message: 'Method not found: "foo.get"' } },
      { jsonrpc: '2.0', id: 6, result: 'ann' },
    ]);
  });
});

describe('-32700 parse error', () => {
  it('dispatchText answers -32700 with id null and the parser message', async () => {
    const { dispatcher } = setup();
    const reply = await dispatcher.dispatchText(
      '{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]',
      ctx,
    );
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    let expected = '';
    try {
      JSON.parse('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]');
    } catch (error) {
      expected = (error as Error).message;
    }
    expect((reply as { error: { message: string } }).error.message).toBe(expected);
  });

  it('uses a custom parser and its message; a non-Error throw gets "Parse error"', async () => {
    const { dispatcher } = setup();
    const failing = () => {
      throw new SyntaxError('too deep at byte 12');
    };
    expect(await dispatcher.dispatchText('[]', ctx, failing)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'too deep at byte 12' },
    });
    expect(
      parseJsonRpc('x', () => {
        throw 'nope';
      }),
    ).toEqual({
      ok: false,
      response: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    });
  });

  it('dispatchText dispatches well-formed text', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.dispatchText('{"jsonrpc":"2.0","method":"whoami","id":1}', ctx)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 'ann',
    });
  });
});
