import type { PlatformDescriptor, PlatformInfo, PlatformName } from '../types.js';
import { cloudflare } from './cloudflare.js';
import { generic } from './generic.js';
import { github } from './github.js';
import { linear } from './linear.js';
import { notion } from './notion.js';
import { paddle } from './paddle.js';
import { paypal } from './paypal.js';
import { sendgrid } from './sendgrid.js';
import { shopify } from './shopify.js';
import { slack } from './slack.js';
import { stripe } from './stripe.js';
import { twilio } from './twilio.js';
import { vercel } from './vercel.js';

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
  generic,
  github,
  linear,
  notion,
  paddle,
  paypal,
  sendgrid,
  shopify,
  slack,
  stripe,
  twilio,
  vercel,
};
