/**
 * The commands of a README's shell blocks, as a reader would copy them: continuation lines joined,
 * shell quoting undone, and the output the README shows after each (`# …` lines, an inline `# → …`,
 * or a ```json block right after the shell block).
 */

export interface ReadmeCommand {
  /** The command line as written (continuations joined). */
  line: string;
  /** Its words after shell quoting is undone; a pipeline's stages are separated by a `|` word. */
  words: string[];
  /** What the README shows it prints; empty when it shows nothing. */
  shown: string;
}

/** Splits a command line into words like a POSIX shell (quotes, backslashes); `#` starts a comment; `|` is a word. */
export function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const push = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let text = '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        text += line[i];
        i++;
      }
      if (i >= line.length) throw new Error(`unclosed " in: ${line}`);
      word = (word ?? '') + text;
      i++;
    } else if (c === '\\') {
      word = (word ?? '') + (line[i + 1] ?? '');
      i += 2;
    } else if (c === ' ' || c === '\t') {
      push();
      i++;
    } else if (c === '#' && word === undefined) {
      push();
      return { words, comment: line.slice(i + 1).trim() };
    } else if (c === '|' && word === undefined) {
      words.push('|');
      i++;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  push();
  return { words, comment: '' };
}

function unclosedQuote(line: string): boolean {
  try {
    shellWords(line);
    return false;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('unclosed')) return true;
    throw error;
  }
}

/** Every command of the README's `sh` blocks, with the output shown for it. */
export function readmeCommands(markdown: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  const block = /```(?:sh|bash|shell)\n([\s\S]*?)```(\s*```json\n([\s\S]*?)```)?/g;
  for (const match of markdown.matchAll(block)) {
    const lines = match[1]!
      .replace(/\\\n\s*/g, ' ')
      .replace(/\|\n\s*/g, '| ')
      .split('\n');
    const inBlock: ReadmeCommand[] = [];
    let pending = '';
    for (const raw of lines) {
      if (pending === '' && raw.trim() === '') continue;
      if (pending === '' && raw.startsWith('#')) {
        const last = inBlock.at(-1);
        // `← …` after an output is a note about it, not part of it.
        if (last)
          last.shown += raw
            .replace(/^#\s?(→\s*)?/, '')
            .replace(/\s*←.*$/, '')
            .trimStart();
        continue;
      }
      // A quoted argument may span lines, as in a shell.
      const line = pending === '' ? raw : `${pending}\n${raw}`;
      const parsed = unclosedQuote(line) ? undefined : shellWords(line);
      if (parsed === undefined) {
        pending = line;
        continue;
      }
      pending = '';
      const shown = parsed.comment.replace(/^→\s*/, '').replace(/\s*←.*$/, '');
      inBlock.push({ line, words: parsed.words, shown });
    }
    if (pending !== '') throw new Error(`unclosed quote in: ${pending}`);
    if (match[3] !== undefined && inBlock.length > 0) inBlock.at(-1)!.shown = match[3].trim();
    commands.push(...inBlock);
  }
  return commands;
}

/** A curl command (optionally fed by `printf '…' |`) as the request it sends. */
export interface CurlRequest {
  port: number;
  path: string;
  init: { method: string; headers: Record<string, string>; body?: string };
  /** `-o <file>`: the body is written to a file, not shown. */
  toFile: boolean;
}

/** printf's escapes, as far as READMEs use them. */
function printf(format: string): string {
  return format.replace(/\\(n|t|\\)|%%/g, (all, code) =>
    all === '%%' ? '%' : code === 'n' ? '\n' : code === 't' ? '\t' : '\\',
  );
}

export function curlRequest(words: readonly string[]): CurlRequest | undefined {
  let stdin: string | undefined;
  let args = [...words];
  const pipe = args.indexOf('|');
  if (pipe >= 0) {
    if (args[0] !== 'printf') throw new Error(`unsupported pipeline: ${words.join(' ')}`);
    stdin = printf(args[1]!);
    args = args.slice(pipe + 1);
  }
  if (args[0] !== 'curl') return undefined;
  const headers: Record<string, string> = {};
  let method: string | undefined;
  let body: string | undefined;
  let url: string | undefined;
  let toFile = false;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-s' || arg === '-S' || arg === '-sS') continue;
    if (arg === '-H') {
      const header = args[++i]!;
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (arg === '-X') method = args[++i];
    else if (arg === '-d' || arg === '--data' || arg === '--data-raw' || arg === '--data-binary') {
      const data = args[++i]!;
      body = data === '@-' ? stdin : data;
    } else if (arg === '-o') {
      i++;
      toFile = true;
    } else if (arg.startsWith('-')) throw new Error(`unsupported curl option ${arg}`);
    else url = arg;
  }
  const target = /^(?:https?:\/\/)?(?:localhost|127\.0\.0\.1):(\d+)(\/.*)?$/.exec(url ?? '');
  if (target === null) throw new Error(`curl without a localhost URL: ${words.join(' ')}`);
  if (body !== undefined && headers['content-type'] === undefined)
    headers['content-type'] = 'application/x-www-form-urlencoded';
  return {
    port: Number(target[1]),
    path: target[2] ?? '/',
    init: {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
    },
    toFile,
  };
}

/** JSON text without the white space between tokens (strings untouched), so layouts compare equal. */
export function squeeze(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}
