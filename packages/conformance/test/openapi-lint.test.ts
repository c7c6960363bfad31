// Every service's OpenAPI document passes Redocly's lint (the engine of `@redocly/cli lint`) with the
// recommended rules: no errors, and a warning only where a rule contradicts our conventions, each
// explained here in one line.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { services } from './helpers/services.js';

const ACCEPTED_WARNINGS: Record<string, Record<string, string>> = {
  'a-webhook': {
    'info-license-strict':
      'A is OpenAPI 3.0.3 (fixed by the spec), which has no SPDX `identifier`, and a proprietary license has no public URL.',
  },
};

const config = await createConfig({ extends: ['recommended'] });

describe.each(services)('$dir', ({ dir, app, basePath }) => {
  it('lints clean with the recommended rules', async () => {
    const source = await (await app.request(`${basePath}/openapi.json`)).text();
    const problems = await lintFromString({ source, absoluteRef: `${dir}/openapi.json`, config });
    const found = problems.map((problem) => ({
      severity: problem.severity,
      rule: problem.ruleId,
      at: problem.location[0]?.pointer,
      message: problem.message,
    }));
    const accepted = ACCEPTED_WARNINGS[dir] ?? {};
    expect(found.filter((problem) => !(problem.severity === 'warn' && problem.rule in accepted))).toEqual([]);
  });
});
