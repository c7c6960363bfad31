// The operation behind a declared HTTP row: the built service's definition (services/<dir>/dist/
// operations.js) whose method is the row's and whose path ends the row's path (the service's base path
// comes before it). `undefined` for a row no operation answers: a service's `GET /health`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const servicesDir = join(import.meta.dirname, '..', 'services');

const methodsOf = (operation) =>
  typeof operation.method === 'string' ? [operation.method] : operation.method;

/** The service's operation list, from its built module. */
export async function operationsOf(dir) {
  const module = await import(pathToFileURL(join(servicesDir, dir, 'dist', 'operations.js')).href);
  if (!Array.isArray(module.operations)) throw new Error(`${dir}: dist/operations.js exports no operations`);
  return module.operations;
}

/** The row's operation: the longest path that ends the row's path, for the row's method. */
export async function operationOf(dir, row) {
  const path = row.path.split('?')[0];
  const candidates = (await operationsOf(dir))
    .filter((operation) => methodsOf(operation).includes(row.method) && path.endsWith(operation.path))
    .sort((a, b) => b.path.length - a.path.length);
  return candidates[0];
}
