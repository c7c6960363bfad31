import type { PlatformDescriptor, PlatformInfo, PlatformName } from '../types.js';
import { cloudflare } from './cloudflare.js';
import { calendly } from './calendly.js';
import { discord } from './discord.js';
import { elevenlabs } from './elevenlabs.js';
import { generic } from './generic.js';
import { genericEd25519 } from './generic-ed25519.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { hubspot } from './hubspot.js';
import { intercom } from './intercom.js';
import { lemonsqueezy } from './lemonsqueezy.js';
import { linear } from './linear.js';
import { mailchimp } from './mailchimp.js';
import { meta } from './meta.js';
import { mux } from './mux.js';
import { notion } from './notion.js';
import { paddle } from './paddle.js';
import { paypal } from './paypal.js';
import { segment } from './segment.js';
import { sendgrid } from './sendgrid.js';
import { shopify } from './shopify.js';
import { slack } from './slack.js';
import { openai, polar, replicate, standardWebhooks, svix } from './standard-webhooks.js';
import { square } from './square.js';
import { stripe } from './stripe.js';
import { twilio } from './twilio.js';
import { twitch } from './twitch.js';
import { typeform } from './typeform.js';
import { vercel } from './vercel.js';
import { webflow } from './webflow.js';
import { woocommerce } from './woocommerce.js';
import { zendesk } from './zendesk.js';
import { zoom } from './zoom.js';

/** All platforms, in the order of the spec (and of GET /platforms). */
export const PLATFORMS: readonly PlatformDescriptor[] = [
  stripe,
  github,
  shopify,
  slack,
  twilio,
  sendgrid,
  paddle,
  paypal,
  linear,
  notion,
  vercel,
  cloudflare,
  standardWebhooks,
  svix,
  discord,
  gitlab,
  hubspot,
  square,
  zendesk,
  typeform,
  mailchimp,
  intercom,
  segment,
  meta,
  zoom,
  twitch,
  woocommerce,
  lemonsqueezy,
  elevenlabs,
  webflow,
  calendly,
  mux,
  openai,
  replicate,
  polar,
  genericEd25519,
  generic,
];

export const PLATFORMS_BY_NAME = Object.fromEntries(
  PLATFORMS.map((platform) => [platform.name, platform]),
) as Record<PlatformName, PlatformDescriptor>;

/** The public description of a platform, as GET /platforms lists it. */
export function platformInfo(platform: PlatformDescriptor): PlatformInfo {
  return {
    name: platform.name,
    kind: platform.kind,
    scheme: platform.scheme,
    algorithm: platform.algorithm,
    encoding: platform.encoding,
    signature_header: platform.signature_header,
    timestamp_header: platform.timestamp_header,
    required_fields: [...platform.required_fields],
    optional_fields: [...platform.optional_fields],
    default_tolerance_s: platform.default_tolerance_s,
  };
}

export function listPlatforms(): { platforms: PlatformInfo[]; count: number } {
  return { platforms: PLATFORMS.map(platformInfo), count: PLATFORMS.length };
}

export {
  cloudflare,
  discord,
  generic,
  genericEd25519,
  github,
  linear,
  notion,
  paddle,
  paypal,
  sendgrid,
  shopify,
  slack,
  standardWebhooks,
  stripe,
  svix,
  twilio,
  vercel,
};
