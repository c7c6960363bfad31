/** The secrets the HTTP tests sign with, shared so the static documents can be checked against all of them. */
export const SECRET = 'whsec_http-RIGHT-6d1f0b9a8c7e5d3b1a2f';
export const OTHER = 'whsec_http-OTHER-0a9b8c7d6e5f4a3b2c1d';
export const SDK_SECRETS = {
  stripe: 'whsec_sdk-cross-check-3f9a1c7e',
  github: 'octokit-http-cross-check-secret',
  twilio: '12345abcdef12345abcdef12345abcde',
  shopify: 'shopify-http-api-secret-key',
  slack: '8f742231b10e8888abcd99yyyzzz85a5',
  paddle: 'pdl_ntfset_01h0000000000000000000000_httpcheck',
  linear: 'lin_wh_http_cross_check_secret_0123',
};
export const ALL_TEST_SECRETS = [SECRET, OTHER, ...Object.values(SDK_SECRETS)];
