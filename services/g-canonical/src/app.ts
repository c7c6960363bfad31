import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { DIGEST_ALGORITHMS, JWS_ALGORITHMS } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'g-canonical', version: '1.1.0', defaultPort: 8087 } as const;

/** The algorithms as the description and the MCP instructions name them: from the same lists as the answers. */
const ALGORITHM_LIST = DIGEST_ALGORITHMS.join(', ');
const JWS_LIST = JWS_ALGORITHMS.join(', ');

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Canonical JSON digest',
      description: `RFC 8785 canonical JSON, digests (${ALGORITHM_LIST}) and RFC 9530 Content-Digest values and their verification, canonical comparison, HMAC, RFC 6902 JSON Patch between two documents, compact JWS signatures over canonical JSON (${JWS_LIST}) and stable idempotency keys.`,
      openapi: '3.1',
      basePath: '/canonical-digest-api',
      operations,
      strictJson: true,
      mcpInstructions: `\`canonicalize\` gives the RFC 8785 form of a JSON document; \`digest\` hashes it or raw text (${ALGORITHM_LIST}) and \`verify_digest\` checks a Content-Digest or bare digest; \`keyed_digest\` is its HMAC with a secret; \`idempotency_key\` derives a stable key; \`compare_documents\` tells whether two documents are canonically equal and where they first differ; \`json_patch\` gives the RFC 6902 patch from one to the other; \`sign_json\` and \`verify_json_signature\` sign and verify a compact JWS over the canonical form (${JWS_LIST}).`,
      // The worker threads of heavy calls load the built operations (from src/ in tests as from dist/).
      workerModule: new URL('../dist/operations.js', import.meta.url),
    },
    config,
    options,
  );
}
