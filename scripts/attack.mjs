// `npm run attack`: install if needed, build, run the standing attack suite (attack/run.mjs).
import { join } from 'node:path';
import { build, ensureInstalled, root, run } from './workspace.mjs';

ensureInstalled();
build();
process.exit(run(process.execPath, [join(root, 'attack', 'run.mjs')]));
