// The RFC 8785 reference test data of cyberphone/json-canonicalization (see fixtures/cyberphone/SOURCE.md):
// each input, sent as JSON text (`json`) and as a JSON value (`value`, the file's text spliced into the
// body), canonicalises to exactly the bytes of its output file over REST and MCP, and /v1/digest gives
// their SHA-256.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onSocket } from './socket.js';

const DIR = new URL('./fixtures/cyberphone/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, DIR));
const NAMES = ['arrays', 'french', 'structures', 'unicode', 'values', 'weird'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The SHA-256 of every fixture file, as SOURCE.md records them. */
const recorded = new Map(
  [
    ...read('SOURCE.md')
      .toString('utf8')
      .matchAll(/^\| `([^`]+)` \| `([0-9a-f]{64})` \|$/gm),
  ].map((m) => [m[1]!, m[2]!]),
);

const { both } = onSocket();

describe('the fixtures are the upstream bytes', () => {
  it('records all 18 files', () => expect(recorded.size).toBe(18));
  it.each(NAMES)('%s: input, output and outhex match SOURCE.md; output is its hex spelling', (name) => {
    for (const path of [`input/${name}.json`, `output/${name}.json`, `outhex/${name}.txt`]) {
      expect(sha256(read(path)), path).toBe(recorded.get(path));
    }
    const hex = read(`outhex/${name}.txt`).toString('ascii').split(/\s+/).join('');
    expect(read(`output/${name}.json`).toString('hex')).toBe(hex);
  });
});

describe.each(NAMES)('cyberphone %s', (name) => {
  const input = read(`input/${name}.json`).toString('utf8');
  const output = read(`output/${name}.json`);
  const expected = { canonical: output.toString('utf8'), bytes: output.byteLength };

  it('as `json` and as `value` canonicalises to exactly the output bytes', async () => {
    const asText = await both('/v1/canonicalize', 'canonicalize', { json: input });
    expect(asText.status).toBe(200);
    expect(asText.json).toEqual(expected);
    const asValue = await both('/v1/canonicalize', 'canonicalize', `{"value":${input}}`);
    expect(asValue.status).toBe(200);
    expect(asValue.json).toEqual(expected);
    expect(Buffer.from(asValue.json.canonical, 'utf8').equals(output)).toBe(true);
  });

  it('/v1/digest gives the SHA-256 of the output bytes', async () => {
    const hex = sha256(output);
    for (const body of [JSON.stringify({ json: input }), `{"value":${input}}`]) {
      const { status, json } = await both('/v1/digest', 'digest', body);
      expect(status).toBe(200);
      expect(json).toMatchObject({ algorithm: 'sha-256', bytes: output.byteLength, hex });
      expect(json.content_digest).toBe(`sha-256=:${Buffer.from(hex, 'hex').toString('base64')}:`);
    }
  });
});
