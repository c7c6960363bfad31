import { tListPlatform } from './t-list-platform.js';

/** Calendly ("Webhook signatures"): `Calendly-Webhook-Signature: t=<unix>,v1=<hex>`, 3 minutes. */
export const calendly = tListPlatform({
  name: 'calendly',
  kind: 'scheduling',
  scheme: 'calendly-v1',
  header: 'Calendly-Webhook-Signature',
  version: 'v1',
  toleranceS: 180,
});
