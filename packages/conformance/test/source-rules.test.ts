// Rules on the production sources of every package and service (src/, tests excluded): no file over
// MAX_LINES lines (split it by what it does), and test support only in packages/testing — never
// shipped inside another package's src.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const MAX_LINES = 600;
/** Files allowed over MAX_LINES for now, with the reason; keep it empty. */
const TOO_LONG_ALLOWED: ReadonlySet<string> = new Set([]);

/** Every file under `<group>/<name>/src`, as a path from the repository root. */
function sourceFiles(group: 'packages' | 'services'): string[] {
  return readdirSync(join(repoRoot, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const src = join(group, entry.name, 'src');
      let files: string[];
      try {
        files = readdirSync(join(repoRoot, src), { recursive: true, encoding: 'utf8' });
      } catch {
        return []; // no src/ (a package of tests or generated files)
      }
      return files.map((file) => join(src, file));
    })
    .sort();
}

const isProductionTs = (path: string) => path.endsWith('.ts') && !/\.(test|spec)\.ts$/.test(path);
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('production sources', () => {
  const files = [...sourceFiles('packages'), ...sourceFiles('services')];

  it('are found (the walk sees every package and service)', () => {
    const roots = new Set(files.map((file) => file.split('/').slice(0, 2).join('/')));
    for (const root of ['packages/core', 'packages/mcp', 'packages/testing', 'services/a-webhook'])
      expect(roots).toContain(root);
    expect(roots.size).toBeGreaterThanOrEqual(11);
  });

  it(`have at most ${MAX_LINES} lines a file`, () => {
    const tooLong = files
      .filter(isProductionTs)
      .map((file) => ({ file, lines: lineCount(readFileSync(join(repoRoot, file), 'utf8')) }))
      .filter(({ file, lines }) => lines > MAX_LINES && !TOO_LONG_ALLOWED.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('keep test support in packages/testing: no other package has "testing" in a src path', () => {
    const misplaced = sourceFiles('packages').filter(
      (file) => !file.startsWith('packages/testing/') && /testing/i.test(file),
    );
    expect(misplaced).toEqual([]);
  });
});
