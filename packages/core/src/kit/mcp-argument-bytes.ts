/**
 * How many bytes each tool call's `arguments` took in the POST body as sent, so that an operation's
 * byte limit measures the same text over MCP as over REST (docs/conventions.md §2: the same argument
 * text is accepted or refused alike). Found by skipping through the raw JSON once, only when a body is
 * larger than a limit; the parsed messages are then paired with the spans in document order.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function skipSpace(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/** From the opening quote to just after the closing one. */
function skipString(bytes: Uint8Array, at: number): number {
  let i = at + 1;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i + 1;
    else i++;
  }
  return i;
}

/** Just after the value that starts at `at` (nesting counted, not recursed: any depth is safe). */
function skipValue(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return skipString(bytes, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let i = at;
    while (i < bytes.length) {
      const c = bytes[i]!;
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c <= 0x20) break;
      i++;
    }
    return i;
  }
  let depth = 0;
  let i = at;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      i = skipString(bytes, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}

function keyAt(bytes: Uint8Array, start: number, end: number): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  return text.includes('\\') ? (JSON.parse(text) as string) : text.slice(1, -1);
}

/** Calls `member` for each member of the object at `at` with its key and value span; returns the end. */
function eachMember(
  bytes: Uint8Array,
  at: number,
  member: (key: string, start: number, end: number) => void,
): number {
  let i = skipSpace(bytes, at + 1);
  while (i < bytes.length && bytes[i] === QUOTE) {
    const keyEnd = skipString(bytes, i);
    const key = keyAt(bytes, i, keyEnd);
    i = skipSpace(bytes, keyEnd);
    if (bytes[i] !== COLON) return i;
    const start = skipSpace(bytes, i + 1);
    const end = skipValue(bytes, start);
    member(key, start, end);
    i = skipSpace(bytes, end);
    if (bytes[i] !== COMMA) break;
    i = skipSpace(bytes, i + 1);
  }
  return i;
}

/** The byte length of `params.arguments` of the message at `at`, the last one written when repeated. */
function argumentsLength(bytes: Uint8Array, at: number): number | undefined {
  if (bytes[at] !== OPEN_BRACE) return undefined;
  let length: number | undefined;
  eachMember(bytes, at, (key, start) => {
    if (key !== 'params' || bytes[start] !== OPEN_BRACE) return;
    length = undefined;
    eachMember(bytes, start, (inner, from, to) => {
      if (inner === 'arguments') length = to - from;
    });
  });
  return length;
}

/** `what` of every message in a body, in order (one for a single message). */
function eachMessage<T>(bytes: Uint8Array, what: (bytes: Uint8Array, at: number) => T): T[] {
  const at = skipSpace(bytes, 0);
  if (bytes[at] !== OPEN_BRACKET) return [what(bytes, at)];
  const found: T[] = [];
  let i = skipSpace(bytes, at + 1);
  while (i < bytes.length && bytes[i] !== CLOSE_BRACKET) {
    found.push(what(bytes, i));
    i = skipSpace(bytes, skipValue(bytes, i));
    if (bytes[i] !== COMMA) break;
    i = skipSpace(bytes, i + 1);
  }
  return found;
}

/** The arguments' lengths of every message in a body, in order (one for a single message). */
export function argumentLengths(bytes: Uint8Array): Array<number | undefined> {
  return eachMessage(bytes, argumentsLength);
}

/** The tool a message at `at` names (`params.name`, a string), if any. */
function toolName(bytes: Uint8Array, at: number): string | undefined {
  if (bytes[at] !== OPEN_BRACE) return undefined;
  let name: string | undefined;
  eachMember(bytes, at, (key, start) => {
    if (key !== 'params' || bytes[start] !== OPEN_BRACE) return;
    name = undefined;
    eachMember(bytes, start, (inner, from, to) => {
      if (inner === 'name' && bytes[from] === QUOTE) name = keyAt(bytes, from, to);
    });
  });
  return name;
}

/** The tools a body's messages name, in order, without parsing it (for the pool's deadline). */
export function calledTools(bytes: Uint8Array): string[] {
  try {
    return eachMessage(bytes, toolName).filter((name): name is string => name !== undefined);
  } catch {
    // A name with a broken escape: the message is refused when parsed; no tool's deadline applies.
    return [];
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The bytes a call's arguments object took as sent, found by the object itself: the parsed message(s)
 * paired with the raw spans in order. Computed on first use.
 */
export function argumentBytesOf(bytes: Uint8Array, message: unknown): (args: object) => number | undefined {
  let sizes: WeakMap<object, number> | undefined;
  return (args) => {
    if (sizes === undefined) {
      sizes = new WeakMap();
      const messages = Array.isArray(message) ? message : [message];
      const lengths = argumentLengths(bytes);
      messages.forEach((each, index) => {
        const params = isObject(each) ? each.params : undefined;
        const found = isObject(params) ? params.arguments : undefined;
        const length = lengths[index];
        if (isObject(found) && length !== undefined) sizes!.set(found, length);
      });
    }
    return sizes.get(args);
  };
}

/** The `id` of the message at `at`: its value, `undefined` without one (a notification), `null` if unusable. */
function messageId(bytes: Uint8Array, at: number): string | number | null | undefined {
  if (bytes[at] !== OPEN_BRACE) return null;
  let id: string | number | null | undefined;
  eachMember(bytes, at, (key, start, end) => {
    if (key !== 'id') return;
    const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
    id = typeof value === 'string' || Number.isSafeInteger(value) ? (value as string | number) : null;
  });
  return id;
}

/**
 * The ids of a body's messages without parsing it, in order (`undefined` for a notification), so a
 * refusal of a whole message (the pool full or stopping) answers each request with its own id.
 */
export function messageIds(bytes: Uint8Array): Array<string | number | null | undefined> {
  try {
    return eachMessage(bytes, messageId);
  } catch {
    return [null];
  }
}
