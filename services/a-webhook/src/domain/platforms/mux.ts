import { tListPlatform } from './t-list-platform.js';

/** Mux (`@mux/mux-node` `webhooks.verifySignature`): `Mux-Signature: t=<unix>,v1=<hex>[,v1=…]`, 5 minutes. */
export const mux = tListPlatform({
  name: 'mux',
  kind: 'video API',
  scheme: 'mux-v1',
  header: 'Mux-Signature',
  version: 'v1',
  toleranceS: 300,
});
