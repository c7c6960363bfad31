// `npm run registry:generate`: writes each service's MCP registry entry, services/<dir>/server.json
// (run after `npm run build`: the descriptions are the built services' own).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/workspace.mjs';
import { registryFiles } from './src/registry.mjs';

for (const [path, text] of await registryFiles()) {
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
