// The byte limit of a tool call measures its arguments as sent (docs/conventions.md §2): the raw span
// of `params.arguments` in the POST body, found without parsing it again.
import { describe, expect, it } from 'vitest';
import { argumentBytesOf, argumentLengths } from '../../src/kit/mcp-argument-bytes.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const call = (args: string, extra = '') =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call"${extra},"params":{"name":"t","arguments":${args}}}`;

describe('argument lengths', () => {
  it('measures the arguments text exactly, whitespace and multi-byte characters included', () => {
    const args = '{ "a" : [1, 2, {"b": "é\\"}]"}] ,\n "c": null }';
    expect(argumentLengths(utf8(call(args)))).toEqual([Buffer.byteLength(args)]);
  });

  it('takes every message of a batch in order, undefined where a message has no arguments', () => {
    const body = `[ ${call('{"x":1}')}, {"jsonrpc":"2.0","id":2,"method":"ping"}, ${call('{"yy":22}')} ]`;
    expect(argumentLengths(utf8(body))).toEqual([7, undefined, 9]);
  });

  it('reads escaped member names and takes the last of repeated ones, as JSON.parse does', () => {
    const body = '{"params":{"argu\\u006dents":{"a":1},"arguments":{"bb":22}},"params":{"arguments":[1]}}';
    expect(argumentLengths(utf8(body))).toEqual([3]);
  });

  it('skips deep nesting without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(argumentLengths(utf8(call(`{"d":${deep}}`)))).toEqual([200_006]);
  });

  it('pairs each parsed arguments object with its own length', () => {
    const text = `[${call('{ "a": 1 }')},${call('{"b":2}')}]`;
    const message = JSON.parse(text) as Array<{ params: { arguments: object } }>;
    const sizeOf = argumentBytesOf(utf8(text), message);
    expect(sizeOf(message[0]!.params.arguments)).toBe(10);
    expect(sizeOf(message[1]!.params.arguments)).toBe(7);
    expect(sizeOf({})).toBeUndefined();
  });
});
