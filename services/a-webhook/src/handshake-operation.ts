import { defineOperation, z } from '@dus/core';
import {
  answerHandshake,
  HANDSHAKE_FLOWS,
  type HANDSHAKE_MEMBERS,
  HANDSHAKE_PLATFORMS,
  HANDSHAKE_REASONS,
  type HandshakeFlow,
  type HandshakeInput,
  MAX_QUERY_PARAMETERS,
  VERIFY_ERROR_CODES,
} from './domain/index.js';
import type { requestMembers } from './operations.js';

// ---------------------------------------------------------------------------------------------------------
// POST /handshake (MCP answer_handshake): what to send back to a provider's endpoint check. The members
// /verify also takes keep their schemas (built in operations.ts and passed in, so the two cannot drift);
// the descriptions and the list of flows come from the domain's HANDSHAKE_FLOWS.
// ---------------------------------------------------------------------------------------------------------

type Members = ReturnType<typeof requestMembers>;
type HandshakeMember = (typeof HANDSHAKE_MEMBERS)[number];

function checkText(flow: HandshakeFlow): string {
  const { check } = flow;
  if (check.kind === 'none') return 'nothing to check';
  if (check.kind === 'verify_token') {
    return `secret (the verify token) required, hub.verify_token must equal it; else ${check.rejected}`;
  }
  const key = check.required ? `${check.key} required` : `${check.key} optional (no check without it)`;
  return `${key}, the ${check.platform} signature as verify_webhook checks it; else ${check.rejected}`;
}

const ANSWERS: Record<HandshakeFlow['answer'], string> = {
  zoom_token: 'application/json `{"plainToken":…,"encryptedToken":<hex HMAC-SHA256 of plainToken>}`',
  discord_pong: 'application/json `{"type":1}`',
  text: 'text/plain, the challenge itself',
};

/** One Markdown line per flow. */
export function flowLine(flow: HandshakeFlow): string {
  return (
    `- \`${flow.platform}\` ${flow.flow} (${flow.method}): ${flow.shape}; ${checkText(flow)}; answer ` +
    `${ANSWERS[flow.answer]}.`
  );
}

const DESCRIPTIONS: Record<'platform' | 'method' | 'query' | 'payload' | 'secret' | 'public_key', string> = {
  platform: `The provider whose endpoint check this is (any case): ${HANDSHAKE_PLATFORMS.join(', ')}.`,
  method: "The HTTP method of the request received (default: the flow's).",
  query: `The request's query parameters, name → decoded value (at most ${MAX_QUERY_PARAMETERS}).`,
  payload: 'The raw request body as received (default empty). Exclusive with payload_base64.',
  secret:
    'zoom: the secret token; slack: the signing secret (optional: no check without it); twitch: the ' +
    "subscription's secret; meta: the verify token you chose. 1–10 during rotation. Never echoed.",
  public_key: "discord: the application's Ed25519 public key, 64 hex digits.",
};

const TOOL_DESCRIPTIONS: Record<keyof typeof DESCRIPTIONS, string> = {
  platform: 'the provider',
  method: "HTTP method received (default the flow's)",
  query: 'query parameters, name → value',
  payload: 'raw body (default empty)',
  secret: 'secret token / signing secret / verify token',
  public_key: 'discord: hex public key',
};

function inputSchema(members: Members, descriptions: Record<keyof typeof DESCRIPTIONS, string>) {
  const described = (name: Exclude<keyof typeof DESCRIPTIONS, 'query' | 'platform'>) =>
    members[name].meta({ description: descriptions[name] });
  const picked = {
    // Its own list of names (the /verify member documents the verify platforms).
    platform: z
      .string({ error: 'must be a string' })
      .optional()
      .meta({ description: descriptions.platform, enum: [...HANDSHAKE_PLATFORMS] }),
    method: described('method'),
    query: z
      .record(z.string(), z.string(), { error: 'must be an object of parameter names to strings' })
      .optional()
      .meta({ description: descriptions.query }),
    headers: members.headers,
    payload: described('payload'),
    payload_base64: members.payload_base64,
    secret: described('secret'),
    public_key: described('public_key'),
    tolerance: members.tolerance,
    now: members.now,
  } satisfies Record<HandshakeMember, z.ZodType>;
  return z
    .strictObject(picked)
    .refine((input) => input.payload === undefined || input.payload_base64 === undefined, {
      message: 'give exactly one of payload or payload_base64, not both',
      path: ['payload_base64'],
      params: { code: 'not_allowed' },
    })
    .meta({ required: ['platform'], description: 'the request a provider sent to check the endpoint' });
}

const responseSchema = z
  .object({
    status: z.number().int().meta({ description: 'HTTP status to answer with' }),
    content_type: z.string().meta({ description: 'Content-Type to answer with' }),
    headers: z.record(z.string(), z.string()).meta({ description: 'other headers to send' }),
    body: z.string().meta({ description: 'the exact body text' }),
  })
  .nullable()
  .meta({ description: 'what to send back (null: not a handshake)' });

export const handshakeOutput = z.object({
  platform: z.string().meta({ description: 'the provider' }),
  flow: z.string().meta({ description: "the provider's endpoint check, e.g. url_verification" }),
  handshake: z.boolean().meta({ description: 'whether the request is that check' }),
  verified: z.boolean().nullable().meta({ description: 'check passed (null: nothing checked)' }),
  reason: z.enum(HANDSHAKE_REASONS).nullable().meta({ description: 'why not answered (null: answered)' }),
  message: z.string().meta({ description: 'one sentence; never a secret' }),
  response: responseSchema,
});

/** Zoom's check, signed with the worked example's secret token at 1700000000. */
export const HANDSHAKE_EXAMPLE = {
  platform: 'zoom',
  headers: {
    'x-zm-request-timestamp': '1700000000',
    'x-zm-signature': 'v0=bd02b843a06fb6ad9699eb9ba092345dbd751c9a328e65ce8a11dfc62ca45913',
  },
  payload: '{"event":"endpoint.url_validation","payload":{"plainToken":"qgg8vlvZRS6UYooatFL8Aw"}}',
  secret: 'zoom-secret-token-7c1e',
  now: 1700000000,
} as const;

const DESCRIPTION = [
  "Answers a provider's endpoint check — the request some providers send before they deliver anything, or " +
    'from time to time — with the exact response it expects: status, content type, headers and body. Pass what ' +
    'the request carried (`method`, `query`, `headers`, the raw body as `payload`) and your secret or public key. ' +
    'Where the provider signs its check, the signature is verified first (as POST /verify does); a failed check ' +
    'gives the refusal to send (`verified: false`, a reason, a short text/plain body holding no secret). A request ' +
    'that is not the check is `handshake: false` with reason `not_a_handshake`: verify it as a delivery.',
  `Flows:\n\n${HANDSHAKE_FLOWS.map(flowLine).join('\n')}`,
  'Text bodies echo what the sender sent: send them with the `X-Content-Type-Options: nosniff` header given. ' +
    'The answer is computed only with your own secret; nothing is stored.',
].join('\n\n');

export function handshakeOperationFrom(rest: Members, tool: Members) {
  return defineOperation({
    name: 'answer_handshake',
    summary: `Answer a provider's endpoint check (${HANDSHAKE_FLOWS.length} handshakes)`,
    description: DESCRIPTION,
    toolDescription:
      "Tells what to send back to a provider's endpoint check (Zoom url_validation, Slack url_verification, " +
      'Twitch callback verification, Meta hub.challenge, Dropbox, Microsoft Graph, Discord PING): pass the ' +
      'request received and your secret. Returns `response` (status, content_type, headers, body) to send as ' +
      'is, `verified`, and `handshake: false` when the request is not such a check.',
    tags: ['webhooks'],
    method: 'POST',
    path: '/handshake',
    input: inputSchema(rest, DESCRIPTIONS),
    mcpInput: inputSchema(tool, TOOL_DESCRIPTIONS),
    output: handshakeOutput,
    errors: (['unknown_platform', 'missing_field', 'invalid_public_key'] as const).map((code) => ({
      status: 400,
      code,
      description: VERIFY_ERROR_CODES[code],
    })),
    example: { input: HANDSHAKE_EXAMPLE, output: () => answerHandshake(HANDSHAKE_EXAMPLE) },
    handler: (input) => answerHandshake(input as HandshakeInput),
  });
}
