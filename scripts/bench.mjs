// `npm run bench`: install if needed, build, run the benchmark harness (bench/run.mjs).
import { join } from 'node:path';
import { build, ensureInstalled, root, run } from './workspace.mjs';

ensureInstalled();
build();
process.exit(run(process.execPath, [join(root, 'bench', 'run.mjs')]));
