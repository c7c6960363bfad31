// Hostile clients III (issue 43): each feature bounds its own work. Every reproducer of the issue, at the
// sizes it gives, as a standing case: a POST answered with the stated status (and shape) within the
// time, or a `run` of its own (several calls, a start-up, a HEAD). `item` is the issue's item; `owner`
// names the helper whose branch makes a case pass (B, F, A, D): the lead checks those after merging.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/ports.mjs';
import { rssMb } from './server.mjs';

const G = '/canonical-digest-api';
const b64u = (bytes) => Buffer.from(bytes).toString('base64url');
const int32 = (value) => b64u(Buffer.from(value.toString(16).padStart(64, '0'), 'hex'));
/** The order n of P-256's base point. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

let keys;
/** One key of each kind, made once (RSA 2048 takes a moment). */
function jwks() {
  keys ??= {
    rsa: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    ec: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    ed: generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
    ed2: generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
  };
  return keys;
}

/** A 422 problem whose code (and first error's path) are these. */
const problem = (code, path) => (json) => {
  const errors = [];
  if (json.code !== code) errors.push(`code ${json.code} (expected ${code})`);
  if (path !== undefined && json.errors?.[0]?.path !== path)
    errors.push(`errors[0].path ${json.errors?.[0]?.path} (expected ${path})`);
  return errors;
};

const sign = (alg, key) => JSON.stringify({ value: { amount: 500 }, alg, key });

/** `{"a":{"a":…{"a":bulk}}}` `depth` deep, and the `depth` include pointers `/a`, `/a/a`, … into it. */
function nested(depth, bulkBytes) {
  const bulk = `[${'1,'.repeat(Math.floor(bulkBytes / 2) - 1)}1]`;
  const body = `${'{"a":'.repeat(depth)}${bulk}${'}'.repeat(depth)}`;
  const include = Array.from({ length: depth }, (_, i) => '/a'.repeat(i + 1));
  return { body, include };
}

function nestedPointers(bytes, exclude) {
  const { body, include } = nested(64, bytes);
  const fingerprint = JSON.stringify(exclude ? { include, exclude: ['/zz', '/a/zz'] } : { include });
  return `{"fingerprint":${fingerprint},"requests":[{"method":"POST","url":"https://a.io/p","body":${body}}]}`;
}

/** `count` distinct two-character names (`!` exclusions fit 800 of them into `fields`' 4096 characters). */
const shortNames = (count) =>
  Array.from(
    { length: count },
    (_, i) => `${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 36) % 26]}${(i % 36).toString(36)}`,
  );

const C_CASES = [
  {
    item: 4,
    heavy: true,
    name: '64 nested include pointers over a 9.5 MB body: refused before any copy',
    path: '/api/v1/request_deduplicator',
    body: () => nestedPointers(9_500_000, false),
    status: 422,
    check: problem('nested_include', '/fingerprint/include/1'),
  },
  {
    item: 4,
    heavy: true,
    name: '64 nested include pointers with an exclude over 9.5 MB (once 65 s, 4.4 GB, then 503)',
    path: '/api/v1/request_deduplicator',
    body: () => nestedPointers(9_500_000, true),
    status: 422,
    check: problem('nested_include', '/fingerprint/include/1'),
  },
  {
    item: 4,
    name: '64 nested include pointers over 0.9 MB, inline (once 1.7 s of event loop)',
    path: '/api/v1/usage_analytics',
    body: () => nestedPointers(900_000, true),
    status: 422,
    check: problem('nested_include', '/fingerprint/include/1'),
  },
  {
    item: 4,
    heavy: true,
    name: '64 sibling pointers of 512 characters over 10 MiB of small bodies: the names bound',
    path: '/api/v1/request_deduplicator',
    body: () => {
      const prefix = 'p'.repeat(500);
      const members = Array.from({ length: 64 }, (_, i) => `"m${i}":1`).join(',');
      const include = Array.from({ length: 64 }, (_, i) => `"/${prefix}/m${i}"`);
      const request = (i) => `{"method":"POST","url":"https://a.io/${i}","body":{"${prefix}":{${members}}}}`;
      return `{"fingerprint":{"include":[${include}]},"requests":[${Array.from({ length: 9_000 }, (_, i) => request(i))}]}`;
    },
    status: 422,
    check: problem('projection_too_large', '/fingerprint/include'),
  },
  {
    item: 8,
    heavy: true,
    name: '100,000 calls, one JSON-typed body holding 1e400: analysed, that body hashed as text',
    path: '/api/v1/request_deduplicator',
    body: () => {
      const calls = Array.from(
        { length: 100_000 },
        (_, i) => `{"method":"GET","url":"https://a.io/u/${i % 50_000}"}`,
      );
      calls[500] =
        '{"method":"POST","url":"https://a.io/p","headers":{"content-type":"application/json"},"body":"{\\"n\\":1e400}"}';
      return `{"requests":[${calls}]}`;
    },
    status: 200,
    check: (json) => (json.stats?.total === 100_000 ? [] : [`stats ${JSON.stringify(json.stats)}`]),
  },
];

const G_CASES = [
  {
    item: 1,
    name: 'patch of a 4,000-character name over 300,000 items (600 KB; once out of memory)',
    path: `${G}/v1/patch`,
    body: () =>
      `{"from":{"${'n'.repeat(4_000)}":[${'0,'.repeat(299_999)}0]},"to":{"${'n'.repeat(4_000)}":[]}}`,
    status: 422,
    check: problem('patch_too_large'),
  },
  ...[64, 256].map((kb) => ({
    item: 5,
    name: `RS256 with a ${kb} KB public exponent (once ${kb === 64 ? '4' : '75'} s on the event loop)`,
    path: `${G}/v1/sign`,
    body: () => sign('RS256', { ...jwks().rsa, e: b64u(Buffer.alloc(kb * 1024, 0xff)) }),
    status: 422,
    check: problem('invalid_key', '/key/e'),
  })),
  ...[
    ['0', 0n],
    ['n', P256_N],
  ].map(([name, d]) => ({
    item: 5,
    name: `ES256 with d = ${name}`,
    path: `${G}/v1/sign`,
    body: () => sign('ES256', { ...jwks().ec, d: int32(d) }),
    status: 422,
    check: problem('invalid_key', '/key/d'),
  })),
  {
    item: 5,
    name: 'EdDSA with a d that is not the one of x',
    path: `${G}/v1/sign`,
    body: () => sign('EdDSA', { ...jwks().ed, d: jwks().ed2.d }),
    status: 422,
    check: problem('invalid_key', '/key/d'),
  },
  {
    item: 5,
    name: 'a key whose key_ops is ["verify"]',
    path: `${G}/v1/sign`,
    body: () => sign('ES256', { ...jwks().ec, key_ops: ['verify'] }),
    status: 422,
    check: problem('invalid_key', '/key/key_ops'),
  },
  {
    item: 5,
    name: 'a key whose use is "enc"',
    path: `${G}/v1/sign`,
    body: () => sign('EdDSA', { ...jwks().ed, use: 'enc' }),
    status: 422,
    check: problem('invalid_key', '/key/use'),
  },
];

const H_CASES = [
  {
    item: 7,
    heavy: true,
    name: 'apply-mask: 800 ! exclusions over 300,000 items, four 3 MB calls at once (once 11.8 s each, 162 s)',
    path: '/api/v1/apply-mask',
    parallel: 4,
    body: () => {
      const fields = shortNames(800)
        .map((name) => `!${name}`)
        .join(',');
      const items = Array.from({ length: 300_000 }, (_, i) => `{"zz":${10 + (i % 90)}}`).join(',');
      return `{"fields":"${fields}","payload":[${items}]}`;
    },
    status: 200,
    check: (json) =>
      json.masked_bytes === json.original_bytes ? [] : ['the exclusions matched nothing, yet bytes differ'],
  },
  {
    item: 7,
    heavy: true,
    name: 'apply-mask: 700 names over 300,000 items',
    path: '/api/v1/apply-mask',
    body: () => {
      const fields = shortNames(800).slice(0, 700).join(',');
      const items = Array.from({ length: 300_000 }, (_, i) => `{"a${i % 10}":1}`).join(',');
      return `{"fields":"${fields},a1","payload":[${items}]}`;
    },
    status: 200,
  },
  {
    item: 7,
    heavy: true,
    name: 'budget-check: 100 nested budgets over 9.5 MB (once 5.3 s)',
    path: '/api/v1/budget-check',
    body: () => {
      const blob = `[${Array.from({ length: 500_000 }, () => '"abcdefghijklmnop"').join(',')}]`;
      const payload = `${'{"a":'.repeat(99)}{"blob":${blob}}${'}'.repeat(99)}`;
      const budgets = Array.from({ length: 100 }, (_, i) => `{"path":"${'/a'.repeat(i)}","max_bytes":1000}`);
      return `{"payload":${payload},"budgets":[${budgets}]}`;
    },
    status: 200,
    check: (json) => (json.budgets?.length === 100 && json.failed === 100 ? [] : [`failed ${json.failed}`]),
  },
  {
    item: 8,
    name: 'CBOR of -0 is the CBOR of 0, as H serialises it (spec: "−0 is 0"): 1 byte',
    path: '/api/v1/payload-analyze',
    body: () => '{"payload":-0}',
    status: 200,
    check: (json) =>
      JSON.stringify(json.formats) === '{"json":1,"cbor":1,"msgpack":1}'
        ? []
        : [`formats ${JSON.stringify(json.formats)}`],
  },
  {
    item: 9,
    name: 'compare: added_fields in document order when a member changed type',
    path: '/api/v1/compare-payloads',
    body: () =>
      JSON.stringify({
        original: { id: 1, flag: true, active: true },
        optimized: { id: 1, flag: { on: true }, active: true, extra: 1 },
      }),
    status: 200,
    check: (json) =>
      JSON.stringify(json.added_fields) === '[{"path":"/flag/on"},{"path":"/extra"}]'
        ? []
        : [`added_fields ${JSON.stringify(json.added_fields)}`],
  },
];

const E_CASES = [
  {
    item: 8,
    name: 'age grade of 5 km in 1 s (once 77,107.71 %)',
    path: '/age-grade',
    body: () => '{"distance":"5k","time":1,"age":30,"sex":"male"}',
    status: 422,
    check: problem('time_out_of_range', '/time'),
  },
  {
    item: 8,
    name: 'age grade of a 3:00 mile at 100 (once 617.5 %)',
    path: '/age-grade',
    body: () => '{"distance":"mile","time":"3:00","age":100,"sex":"male"}',
    status: 422,
    check: problem('time_out_of_range', '/time'),
  },
];

/** Starts B with CATALOG_FILE and expects it to exit ≠ 0 within 10 s, with one line naming the file. */
async function refusedAtStart(service, file) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(service.dir, 'dist', 'server.js')], {
    env: { ...process.env, PORT: String(port), CATALOG_FILE: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const [code, signal] = await once(child, 'exit');
  clearTimeout(timer);
  if (signal === 'SIGKILL') return ['still running 10 s after start (hangs or accepted the file)'];
  if (code === 0) return ['exited 0'];
  return output.includes('CATALOG_FILE') ? [] : [`exited ${code} without a line naming CATALOG_FILE`];
}

const B_CASES = [
  {
    item: 2,
    owner: 'B',
    heavy: true,
    name: '300 distinct 1 MB estimate_tokens calls: RSS grows by at most 150 MB',
    withinMs: 300_000,
    run: async (server) => {
      const words = 'the quick brown fox jumps over the lazy dog and keeps running '.repeat(16_200);
      const before = rssMb(server.pid);
      let peak = before;
      const violations = [];
      for (let i = 0; i < 300; i++) {
        const text = `${words.slice(0, 999_980)} uniq${i}q${(i * 7919).toString(36)}`;
        const response = await fetch(`${server.origin}/api/v1/estimate_tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) violations.push(`call ${i}: ${response.status}`);
        peak = Math.max(peak, rssMb(server.pid) ?? 0);
        if (violations.length > 3) break;
      }
      const after = rssMb(server.pid);
      if (after - before > 150)
        violations.push(`RSS ${Math.round(before)} → ${Math.round(after)} MB (peak ${Math.round(peak)})`);
      return violations;
    },
  },
  {
    item: 3,
    owner: 'B',
    name: '"!" + "\\n/" × 128,000 (384 KB) to estimate_tokens: refused (text_run_too_long) or counted in time',
    path: '/api/v1/estimate_tokens',
    body: () => JSON.stringify({ text: `!${'\n/'.repeat(128_000)}` }),
    status: [200, 422],
  },
  {
    item: 8,
    owner: 'B',
    // Five start-ups (each up to 10 s when it hangs): not in the smoke run.
    heavy: true,
    withinMs: 60_000,
    name: 'CATALOG_FILE: as_of 2026-02-30, duplicate members, ids with a comma or spaces, a FIFO — exit ≠ 0',
    run: async (server, service) => {
      const { models } = await (await fetch(`${server.origin}/models`)).json();
      const [first] = models;
      const dir = mkdtempSync(join(tmpdir(), 'attack-catalog-'));
      const files = {
        'as_of 2026-02-30': JSON.stringify({ as_of: '2026-02-30', models: [first] }),
        'duplicate members': `{"as_of":"2026-08-01","as_of":"2026-08-02","models":${JSON.stringify([first])}}`,
        'an id with a comma': JSON.stringify({ as_of: '2026-08-01', models: [{ ...first, id: 'a,b' }] }),
        'an id with surrounding spaces': JSON.stringify({
          as_of: '2026-08-01',
          models: [{ ...first, id: ' a ' }],
        }),
      };
      const violations = [];
      try {
        for (const [what, text] of Object.entries(files)) {
          const file = join(dir, `${what.replace(/\W+/g, '-')}.json`);
          writeFileSync(file, text);
          for (const v of await refusedAtStart(service, file)) violations.push(`${what}: ${v}`);
        }
        const fifo = join(dir, 'fifo.json');
        execFileSync('mkfifo', [fifo]);
        for (const v of await refusedAtStart(service, fifo)) violations.push(`a FIFO: ${v}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return violations;
    },
  },
];

const F_CASES = [
  {
    item: 6,
    owner: 'F',
    heavy: true,
    name: '4,000 buys then 4,000 whole-holding transfers (once 14 s): lots merged, or a documented 422',
    path: '/api/v1/calculate',
    body: () => {
      const day = (i) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const trades = [];
      for (let i = 0; i < 4_000; i++)
        trades.push({
          type: 'buy',
          asset: 'BTC',
          amount: '1',
          price: String(20_000 + i),
          date: day(i),
          wallet: 'A',
        });
      for (let i = 0; i < 4_000; i++) {
        const [from, to] = i % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
        trades.push({
          type: 'transfer',
          asset: 'BTC',
          amount: '4000',
          from_wallet: from,
          to_wallet: to,
          date: day(4_000 + i),
        });
      }
      return JSON.stringify({ trades });
    },
    status: [200, 422],
  },
];

const A_CASES = [
  {
    item: 8,
    owner: 'A',
    name: 'platform "auto" with 100 header names of 256 characters: at most 20 names of 64 characters echoed',
    path: '/verify',
    body: () =>
      JSON.stringify({
        platform: 'auto',
        secret: 's',
        payload: 'p',
        headers: Object.fromEntries(
          Array.from({ length: 100 }, (_, i) => [`x-${String(i).padStart(3, '0')}${'h'.repeat(251)}`, 'v']),
        ),
      }),
    status: 422,
    maxBytes: 4_000,
    check: (json) => {
      const seen = json.headers_seen ?? [];
      const errors = [];
      if (seen.length > 20) errors.push(`headers_seen has ${seen.length} names`);
      if (seen.some((name) => name.length > 66)) errors.push('a name of headers_seen over 64 characters');
      return errors;
    },
  },
];

const D_CASES = [
  {
    item: 8,
    owner: 'D',
    name: 'HEAD /generate with a matching If-None-Match: 304, as GET',
    run: async (server) => {
      const url = `${server.origin}/generate?type=ean13&data=400638133393`;
      const get = await fetch(url);
      await get.arrayBuffer();
      const etag = get.headers.get('etag');
      if (!etag) return ['GET /generate has no ETag'];
      const violations = [];
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(url, { method, headers: { 'if-none-match': etag } });
        await response.arrayBuffer();
        if (response.status !== 304)
          violations.push(`${method} with If-None-Match: ${response.status} (expected 304)`);
      }
      return violations;
    },
  },
];

export const ISSUE_43 = {
  'a-webhook': A_CASES,
  'b-token-budget': B_CASES,
  'c-dedup': C_CASES,
  'd-barcode': D_CASES,
  'e-pace': E_CASES,
  'f-crypto-tax': F_CASES,
  'g-canonical': G_CASES,
  'h-payload': H_CASES,
};
