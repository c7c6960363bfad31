import { describe, expect, it, vi } from 'vitest';
import {
  createMcpServer,
  LATEST_PROTOCOL_VERSION,
  type McpTool,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../src/index.js';
import { sumTool, tools } from './fixtures.js';

/** The server with its answers parsed back from the JSON text it produces. */
function textServer(options: Parameters<typeof createMcpServer>[0]) {
  const s = createMcpServer(options);
  return {
    tools: s.tools,
    info: s.info,
    handleMessage: async (...args: Parameters<typeof s.handleMessage>) => {
      const reply = await s.handleMessage(...args);
      return reply === undefined ? undefined : JSON.parse(reply.text);
    },
  };
}

function server(onError = vi.fn()) {
  return textServer({ name: 'demo', version: '1.2.3', instructions: 'Use sum.', tools, onError });
}

const request = (method: string, params?: unknown, id: string | number = 1) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };

describe('initialize', () => {
  it('echoes every supported version', async () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26']);
    for (const protocolVersion of SUPPORTED_PROTOCOL_VERSIONS) {
      const reply = await server().handleMessage(
        request('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
      );
      expect(reply).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'demo', version: '1.2.3' },
          instructions: 'Use sum.',
        },
      });
    }
  });

  it('answers the latest version to an unknown one and omits absent instructions', async () => {
    const plain = textServer({ name: 'p', version: '0.0.1', tools: [] });
    expect(await plain.handleMessage(request('initialize', { protocolVersion: '2024-11-05' }))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'p', version: '0.0.1' },
      },
    });
  });

  it('-32602 without a protocolVersion string', async () => {
    for (const params of [undefined, {}, { protocolVersion: 20251125 }, ['2025-11-25']]) {
      const reply = await server().handleMessage(request('initialize', params));
      expect(reply).toMatchObject({ id: 1, error: { code: -32602 } });
    }
  });
});

describe('other methods', () => {
  it('ping answers {}', async () => {
    expect(await server().handleMessage(request('ping'))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('accepts any notification silently, and client responses too', async () => {
    const s = server();
    expect(await s.handleMessage({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    expect(
      await s.handleMessage({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} }),
    ).toBeUndefined();
    expect(await s.handleMessage({ jsonrpc: '2.0', id: 'srv-1', result: {} })).toBeUndefined();
  });

  it('-32601 for methods this server does not offer', async () => {
    expect(await server().handleMessage(request('resources/list'))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found: "resources/list"' },
    });
  });
});

describe('tools/list', () => {
  it('lists tools sorted by name with default annotations', async () => {
    const reply = await server().handleMessage(request('tools/list', {}));
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'boom',
            description: 'Always throws.',
            inputSchema: { type: 'object' },
            annotations: {
              readOnlyHint: true,
              idempotentHint: true,
              destructiveHint: false,
              openWorldHint: false,
            },
          },
          {
            name: 'sum',
            description: 'Adds two numbers.',
            inputSchema: sumTool.inputSchema,
            outputSchema: sumTool.outputSchema,
            annotations: {
              readOnlyHint: true,
              idempotentHint: true,
              destructiveHint: false,
              openWorldHint: false,
            },
          },
          {
            name: 'upper',
            title: 'Upper case',
            description: 'Upper-cases text.',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
            annotations: {
              readOnlyHint: true,
              idempotentHint: true,
              destructiveHint: false,
              openWorldHint: true,
              title: 'Shout',
            },
          },
        ],
      },
    });
  });

  it('works without params and rejects a cursor', async () => {
    const s = server();
    expect(await s.handleMessage(request('tools/list'))).toMatchObject({ result: { tools: s.tools } });
    expect(await s.handleMessage(request('tools/list', { cursor: 'abc' }))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'Invalid params: unknown cursor' },
    });
  });

  it('info() summarises the server', () => {
    expect(server().info()).toEqual({
      name: 'demo',
      version: '1.2.3',
      protocolVersion: '2025-11-25',
      tools: ['boom', 'sum', 'upper'],
    });
  });
});

describe('tools/call', () => {
  it('returns text and structured content, passing the request id', async () => {
    const s = server();
    expect(await s.handleMessage(request('tools/call', { name: 'sum', arguments: { a: 2, b: 40 } }))).toEqual(
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: '{"sum":42}' }], structuredContent: { sum: 42 } },
      },
    );
    const reply = await s.handleMessage(request('tools/call', { name: 'upper', arguments: { text: 'hi' } }), {
      requestId: 'req-7',
    });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [{ type: 'text', text: '{"text":"HI","requestId":"req-7"}' }],
        structuredContent: { text: 'HI', requestId: 'req-7' },
      },
    });
  });

  it('a tool error is a result with isError, the message, and the data as a second block', async () => {
    const reply = await server().handleMessage(request('tools/call', { name: 'sum', arguments: { a: 'x' } }));
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [
          { type: 'text', text: 'a and b must be numbers' },
          { type: 'text', text: '{"errors":[{"path":"/a","code":"type"}]}' },
        ],
        isError: true,
      },
    });
  });

  it('missing arguments are passed as {}', async () => {
    const reply = await server().handleMessage(request('tools/call', { name: 'upper' }));
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'text must be a string' }], isError: true },
    });
  });

  it('-32602 for an unknown tool, naming it and the available ones', async () => {
    expect(await server().handleMessage(request('tools/call', { name: 'nope', arguments: {} }))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: 'Unknown tool "nope"; available tools: boom, sum, upper',
        data: { availableTools: ['boom', 'sum', 'upper'] },
      },
    });
  });

  it('-32602 for a missing name, non-object params or non-object arguments', async () => {
    const s = server();
    const cases: [unknown, string][] = [
      [undefined, 'Invalid params: name must be a string'],
      [{ arguments: {} }, 'Invalid params: name must be a string'],
      [['sum'], 'Invalid params: params must be an object'],
      [{ name: 'sum', arguments: [1, 2] }, 'Invalid params: arguments must be an object'],
      [{ name: 'sum', arguments: null }, 'Invalid params: arguments must be an object'],
      [{ name: 'sum', arguments: 'a=1' }, 'Invalid params: arguments must be an object'],
    ];
    for (const [params, message] of cases) {
      expect(await s.handleMessage(request('tools/call', params))).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32602, message },
      });
    }
  });

  it('a throwing tool is -32603 with a generic message', async () => {
    const onError = vi.fn();
    const reply = await server(onError).handleMessage(
      request('tools/call', { name: 'boom', arguments: {} }, 'z'),
    );
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'z', error: { code: -32603, message: 'Internal error' } });
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { method: 'tools/call', id: 'z' });
  });

  it('a non-object value is returned as text only; a malformed outcome is internal', async () => {
    const odd: McpTool[] = [
      {
        name: 'list',
        description: '',
        inputSchema: { type: 'object' },
        call: () => ({ ok: true, value: [1] }),
      },
      {
        name: 'void',
        description: '',
        inputSchema: { type: 'object' },
        call: () => ({ ok: true, value: undefined }),
      },
      { name: 'bad', description: '', inputSchema: { type: 'object' }, call: () => 42 as never },
    ];
    const s = textServer({ name: 'o', version: '1', tools: odd, onError: () => {} });
    const call = (name: string) => s.handleMessage(request('tools/call', { name }));
    expect(await call('list')).toMatchObject({ result: { content: [{ type: 'text', text: '[1]' }] } });
    expect(await call('list')).not.toHaveProperty('result.structuredContent');
    expect(await call('void')).toMatchObject({ result: { content: [{ type: 'text', text: 'null' }] } });
    expect(await call('bad')).toMatchObject({ error: { code: -32603, message: 'Internal error' } });
  });
});

describe('tool definitions are checked at start-up', () => {
  const base: McpTool = {
    name: 'ok',
    description: 'd',
    inputSchema: { type: 'object' },
    call: () => ({ ok: true, value: {} }),
  };
  const bad: [string, Partial<McpTool>, string][] = [
    ['empty name', { name: '' }, 'must match'],
    ['name with a space', { name: 'a b' }, 'must match'],
    ['long name', { name: 'a'.repeat(129) }, 'must match'],
    ['non-object input schema', { inputSchema: { type: 'string' } }, 'inputSchema must have type "object"'],
    ['$schema', { inputSchema: { type: 'object', $schema: 'x' } }, 'inputSchema must not have $schema'],
    ['bad output schema', { outputSchema: { type: 'array' } }, 'outputSchema must have type "object"'],
  ];

  it.each(bad)('%s', (_name, patch, message) => {
    expect(() => textServer({ name: 'x', version: '1', tools: [{ ...base, ...patch }] })).toThrow(message);
  });

  it('duplicate names', () => {
    expect(() => textServer({ name: 'x', version: '1', tools: [base, base] })).toThrow('defined twice');
  });

  it('accepts a 128-character name with dots, dashes and underscores', () => {
    const name = `a.b-c_${'d'.repeat(122)}`;
    expect(textServer({ name: 'x', version: '1', tools: [{ ...base, name }] }).info().tools).toEqual([name]);
  });
});
