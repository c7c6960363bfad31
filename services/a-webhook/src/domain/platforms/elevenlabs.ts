import { tListPlatform } from './t-list-platform.js';

/** ElevenLabs (`@elevenlabs/elevenlabs-js` `webhooks.constructEvent`): `ElevenLabs-Signature: t=<unix>,v0=<hex>`, 30 minutes. */
export const elevenlabs = tListPlatform({
  name: 'elevenlabs',
  kind: 'voice AI',
  scheme: 'elevenlabs-v0',
  header: 'ElevenLabs-Signature',
  version: 'v0',
  toleranceS: 1800,
});
