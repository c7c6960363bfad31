// The repository cites its own conventions (docs/conventions.md §N), never an outside document: every
// citation names a section that exists.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers/services.js';

it('cites only sections docs/conventions.md has', () => {
  const sections = new Set(
    [...readFileSync(join(repoRoot, 'docs', 'conventions.md'), 'utf8').matchAll(/^## (\d+)\. /gm)].map(
      (m) => m[1],
    ),
  );
  expect(sections.size).toBeGreaterThanOrEqual(10);
  const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const cited: string[] = [];
  const outside: string[] = [];
  for (const file of files.filter(
    (name) => /\.(ts|mjs|md|yml|yaml|json)$/.test(name) && !name.endsWith('pnpm-lock.yaml'),
  )) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(/conventions(\.md)? §(\d+)/gi)) {
      if (match[1] === undefined) outside.push(`${file}: ${match[0]}`);
      else if (!sections.has(match[2]!)) cited.push(`${file}: ${match[0]}`);
    }
  }
  expect(outside, 'cite docs/conventions.md, not an outside document').toEqual([]);
  expect(cited, 'cited sections that do not exist').toEqual([]);
});
