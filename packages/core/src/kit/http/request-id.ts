import { randomUUID } from 'node:crypto';

/** A request's id when the client presents none (or an invalid one): a random (version 4) UUID. */
export function newRequestId(): string {
  return randomUUID();
}
