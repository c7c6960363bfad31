/**
 * zod as the services use it, with zod's own global configuration: `@dus/core` sets none. (It used to
 * switch zod's memoizer off, process-wide, as an import side effect. In zod 4.6.7 the memoizer keeps
 * per-parse state only for recursive schemas, which no service has: over every benchmark row of the
 * eight services it allocated none, and E `/vdot` promotes the same ~10 KB a scavenge with or without
 * it — so there is no setting to make.)
 */
export { z } from 'zod';
