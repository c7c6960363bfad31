import { staticTokenPlatform } from './static-token-platform.js';

/** `X-Gitlab-Token` holds the webhook's secret token itself; nothing is signed. */
export const gitlab = staticTokenPlatform({
  name: 'gitlab',
  kind: 'DevOps platform',
  scheme: 'gitlab-token',
  header: 'X-Gitlab-Token',
});
