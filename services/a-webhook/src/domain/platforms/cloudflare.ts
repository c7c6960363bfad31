import { staticTokenPlatform } from './static-token-platform.js';

/** `cf-webhook-auth` holds the configured token itself; nothing is signed. */
export const cloudflare = staticTokenPlatform({
  name: 'cloudflare',
  kind: 'edge network',
  scheme: 'cf-webhook-auth',
  header: 'cf-webhook-auth',
});
