// Generated hostile requests: wrong types, odd numbers and Unicode, invalid UTF-8, deep nesting,
// duplicate keys, extra and missing fields, wrong media types, many and huge headers, bad JSON-RPC.
import { MCP_HEADERS } from './discover.mjs';

/** A small seeded PRNG (mulberry32), so a failing run can be replayed. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** JSON texts (not values: some are not representable as JS values) to put where a member's value goes. */
const ODD_VALUES = [
  'null',
  'true',
  '-0',
  '0',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  '1e-400',
  '1e400',
  '123456789012345678901234567890',
  '""',
  '" "',
  '"\\u0000"',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  '"\\u202e\\u200f"',
  '"🙂🙂"',
  '"é"',
  '"e\\u0301"',
  `"${'x'.repeat(5000)}"`,
  '[]',
  '{}',
  '[[[[[[]]]]]]',
  '{"a":{"b":{"c":{}}}}',
  '[1,"a",null]',
  '"1,2,3"',
  '"9999-99-99"',
  '"-5:00"',
  '"1:2:3:4"',
  '"NaN"',
  '"Infinity"',
  '"<script>"',
  '"%00"',
  '"../../etc"',
];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** One generated body (a string or bytes) from an example object. */
export function mutateBody(rand, example) {
  const keys = Object.keys(example ?? {});
  const members = keys.map((key) => [key, JSON.stringify(example[key])]);
  const roll = rand();
  if (roll < 0.08) {
    return pick(rand, [
      '',
      ' ',
      'null',
      '[]',
      '"x"',
      '{',
      '{"a":1,"a":2}',
      '{"__proto__":{"x":1}}',
      '[{}]',
      '{}}',
      '\ufeff{}',
      `${'['.repeat(2000)}${']'.repeat(2000)}`,
    ]);
  }
  if (roll < 0.12)
    return Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
  const out = members.filter(() => rand() > 0.1);
  for (let i = 0; i < 1 + Math.floor(rand() * 3); i++) {
    if (out.length > 0 && rand() < 0.7) {
      const index = Math.floor(rand() * out.length);
      out[index] = [out[index][0], pick(rand, ODD_VALUES)];
    } else {
      out.push([pick(rand, [...keys, 'zz_extra', '', '__proto__', 'constructor']), pick(rand, ODD_VALUES)]);
    }
  }
  if (rand() < 0.1 && out.length > 0) out.push(out[0]); // a duplicate name
  return `{${out.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

function mutateQuery(rand, names) {
  const params = names
    .filter(() => rand() > 0.2)
    .map((name) => [
      name,
      pick(rand, [
        '1',
        '0',
        '-1',
        'x',
        '',
        '%00',
        '%C3%28',
        'true',
        '9'.repeat(400),
        'ean13',
        '400638133393',
        'é',
      ]),
    ]);
  if (rand() < 0.3) params.push([pick(rand, [...names, 'zz']), 'dup']);
  return params
    .map(([k, v]) => `${encodeURIComponent(k)}=${v.startsWith('%') ? v : encodeURIComponent(v)}`)
    .join('&');
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/json; charset=latin1',
  undefined,
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

/** The request a generated case sends: method, path, headers, body. */
export function restCase(rand, route) {
  const headers = {};
  const contentType = rand() < 0.85 ? 'application/json' : pick(rand, CONTENT_TYPES);
  if (contentType) headers['content-type'] = contentType;
  if (rand() < 0.05) for (let i = 0; i < 80; i++) headers[`x-junk-${i}`] = 'y'.repeat(50);
  if (rand() < 0.05) headers['x-request-id'] = pick(rand, ['', 'a b', 'x'.repeat(500), 'ok-id', '\u00e9']);
  if (rand() < 0.03)
    headers.authorization = pick(rand, ['Bearer ', 'Bearer nope', 'Basic x', 'Bearer'.repeat(100)]);
  if (route.method === 'GET')
    return { method: 'GET', path: `${route.path}?${mutateQuery(rand, route.query)}`, headers };
  return { method: route.method, path: route.path, headers, body: mutateBody(rand, route.example) };
}

export function mcpCase(rand, tool, mcpPath) {
  const roll = rand();
  let body;
  if (roll < 0.1) {
    body = pick(rand, [
      '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
      '{"jsonrpc":"1.0","id":1,"method":"ping"}',
      '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"x"}]',
      '[]',
      '{"jsonrpc":"2.0","id":{},"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":1}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}',
      '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}',
    ]);
  } else {
    const args = mutateBody(rand, tool.example);
    const text = typeof args === 'string' ? args : args.toString('latin1');
    body = `{"jsonrpc":"2.0","id":${Math.floor(rand() * 1000)},"method":"tools/call","params":{"name":${JSON.stringify(tool.name)},"arguments":${text || 'null'}}}`;
  }
  const headers = { ...MCP_HEADERS };
  if (rand() < 0.05) headers['mcp-protocol-version'] = pick(rand, ['2025-06-18', '1999-01-01', '']);
  if (rand() < 0.03) headers.origin = 'https://evil.example';
  return { method: 'POST', path: mcpPath, headers, body };
}

/** What a response may be: anything but a 5xx; a non-2xx REST answer is problem+json with status and id. */
export async function judge(kind, request, response) {
  const text = await response.text();
  if (response.status >= 500) return `${response.status} for ${request.method} ${request.path}`;
  if (kind === 'rest' && response.status >= 400) {
    if (!response.headers.get('content-type')?.startsWith('application/problem+json'))
      return `${response.status} without problem+json`;
    const problem = JSON.parse(text);
    if (problem.status !== response.status || typeof problem.request_id !== 'string')
      return `malformed problem body (${response.status})`;
  }
  if (kind === 'mcp' && response.status === 200 && text !== '') {
    const reply = JSON.parse(text);
    const replies = Array.isArray(reply) ? reply : [reply];
    for (const one of replies) {
      if (one.error === undefined && one.result === undefined)
        return 'JSON-RPC reply without result or error';
      if (one.error?.code === -32603) return `internal error for ${request.body.slice(0, 80)}`;
    }
  }
  return undefined;
}
