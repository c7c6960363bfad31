// `npm run bench`: install if needed, build, run the benchmark harness (bench/run.mjs); with `kit`
// (`npm run bench:kit`), the kit's JavaScript cost per row instead (bench/kit-cost.mjs); with `gc`
// (`npm run bench:gc`), what each row leaves to the young-generation collector (bench/gc.mjs).
import { join } from 'node:path';
import { build, ensureInstalled, root, run } from './workspace.mjs';

ensureInstalled();
build();
const scripts = { kit: 'kit-cost.mjs', gc: 'gc.mjs' };
const script = scripts[process.argv[2]] ?? 'run.mjs';
process.exit(run(process.execPath, [join(root, 'bench', script)]));
