#!/usr/bin/env node
// Rebuilds the catalog's source file from a newer LiteLLM price file and lists what changed.
//
//   node scripts/refresh-catalog.mjs <model_prices_and_context_window.json> <commit> <YYYY-MM-DD>
//
// Writes data/litellm-<date>.json: the same 19 source keys as the current data file, copied unchanged
// from the new file, with its commit and date. Then prints every catalog number the new entries give
// that differs from the built catalog (dist/, so build first). Finish by hand: point
// test/domain/catalog-source.test.ts at the new file, update the rows of src/domain/catalog.ts and
// AS_OF until that test passes, and review the README's table and worked examples.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [file, commit, date] = process.argv.slice(2);
if (!file || !/^[0-9a-f]{7,40}$/.test(commit ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) {
  console.error('usage: node scripts/refresh-catalog.mjs <litellm.json> <commit> <YYYY-MM-DD>');
  process.exit(2);
}
const service = join(import.meta.dirname, '..');
const dataDir = join(service, 'data');
const current = readdirSync(dataDir)
  .filter((name) => /^litellm-\d{4}-\d{2}-\d{2}\.json$/.test(name))
  .sort()
  .at(-1);
const previous = JSON.parse(readFileSync(join(dataDir, current), 'utf8'));
const litellm = JSON.parse(readFileSync(file, 'utf8'));
const keys = Object.keys(previous.entries);
const missing = keys.filter((key) => !(key in litellm));
if (missing.length > 0) {
  console.error(`not in ${file}: ${missing.join(', ')} (choose their successors in src/domain/catalog.ts)`);
  process.exit(1);
}
const out = {
  source: { ...previous.source, commit, date, note: previous.source.note },
  entries: Object.fromEntries(keys.map((key) => [key, litellm[key]])),
};
const target = join(dataDir, `litellm-${date}.json`);
writeFileSync(target, `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote ${target}`);

// Per-token USD × 10^6 without binary rounding: shift the decimal point of the number's own digits.
const perMtok = (value) => {
  if (value === undefined) return null;
  const [digits, exponent = '0'] = String(value).toLowerCase().split('e');
  const [whole, fraction = ''] = digits.split('.');
  const shift = Number(exponent) + 6;
  const all = whole + fraction;
  const point = whole.length + shift;
  const text =
    point <= 0 ? `0.${'0'.repeat(-point)}${all}` : point >= all.length ? all + '0'.repeat(point - all.length) : `${all.slice(0, point)}.${all.slice(point)}`;
  return Number(text);
};
const { catalog } = await import(join(service, 'dist', 'domain', 'models.js'));
let changes = 0;
for (const model of catalog().models) {
  const e = litellm[model.source_key];
  const derived = {
    input_per_mtok: perMtok(e.input_cost_per_token),
    output_per_mtok: perMtok(e.output_cost_per_token),
    cached_input_per_mtok: perMtok(e.cache_read_input_token_cost),
    cache_write_per_mtok: perMtok(e.cache_creation_input_token_cost),
    cache_write_1h_per_mtok: perMtok(e.cache_creation_input_token_cost_above_1hr),
    max_input_tokens: e.max_input_tokens ?? null,
    max_output_tokens: e.max_output_tokens ?? null,
  };
  for (const [field, value] of Object.entries(derived)) {
    if (model[field] !== value) {
      changes++;
      console.log(`${model.id}.${field}: ${model[field]} → ${value}`);
    }
  }
}
console.log(changes === 0 ? 'no price or limit changed' : `${changes} change(s); tiers, batch prices and flags: run the catalog-source test`);
