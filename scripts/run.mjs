// `npm run build|lint|typecheck|format`: the same through turbo (format runs biome directly).
import { ensureInstalled, run, turbo } from './workspace.mjs';

const task = process.argv[2];
ensureInstalled();
if (task === 'format') process.exit(run('biome', ['check', '--write', '.']));
process.exit(turbo([task]));
