// `npm run bench`: install if needed, build, run the benchmark harness (bench/run.mjs); with `kit`
// (`npm run bench:kit`), the kit's JavaScript cost per row instead (bench/kit-cost.mjs).
import { join } from 'node:path';
import { build, ensureInstalled, root, run } from './workspace.mjs';

ensureInstalled();
build();
const script = process.argv[2] === 'kit' ? 'kit-cost.mjs' : 'run.mjs';
process.exit(run(process.execPath, [join(root, 'bench', script)]));
