// `npm run attack`: the standing attack suite against every built service (see README.md).
// ATTACK_ONLY=<dir substring>, ATTACK_QUICK=1 (small counts, no load run), ATTACK_LOAD_S (default 60).
import { services } from '../scripts/workspace.mjs';
import { attackService, formatReport } from './lib/suite.mjs';

const quick = process.env.ATTACK_QUICK === '1';
const options = {
  perRoute: quick ? 300 : 5_000,
  seed: Number(process.env.ATTACK_SEED ?? 20261122),
  large: true,
  loadSeconds: quick ? 0 : Number(process.env.ATTACK_LOAD_S ?? 60),
};
const chosen = services().filter((s) => !process.env.ATTACK_ONLY || s.name.includes(process.env.ATTACK_ONLY));
let violations = 0;
for (const service of chosen) {
  const report = await attackService(service, options);
  console.log(formatReport(report));
  violations += report.results.reduce((n, r) => n + r.violations.length, 0);
}
console.log(`\n${violations === 0 ? 'no violations' : `${violations} violations`} (seed ${options.seed})`);
process.exit(violations === 0 ? 0 : 1);
