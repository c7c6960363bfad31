// The services that declare benchmark rows (services/<dir>/bench/rows.mjs), and their rows.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const servicesDir = join(import.meta.dirname, '..', 'services');
const rowsFile = (dir) => join(servicesDir, dir, 'bench', 'rows.mjs');

/** The service directories with rows, sorted; with `only` (BENCH_ONLY), those whose name contains it. */
export function declaredServices(only = process.env.BENCH_ONLY) {
  return readdirSync(servicesDir)
    .filter((dir) => existsSync(rowsFile(dir)))
    .filter((dir) => !only || dir.includes(only))
    .sort();
}

/** A service's rows module: `http`, `large`, `growth` and `hotPaths`, each optional. */
export function declaredRows(dir) {
  return import(pathToFileURL(rowsFile(dir)).href);
}
