// `npm run deploy:generate`: writes docker-compose.yml and deploy/kubernetes from the service packages
// (run after `npm run build`: the Ingress routes what each service's own OpenAPI document lists).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from '../../scripts/workspace.mjs';
import { deploymentFiles } from './src/files.mjs';

for (const [path, text] of await deploymentFiles()) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
