export const LATEST_PROTOCOL_VERSION = '2025-11-25';

export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze([
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
]);

export function isSupportedProtocolVersion(version: string): boolean {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(version);
}

/** The version a client asked for in `initialize` if we speak it, else our latest. */
export function negotiateProtocolVersion(requested: string): string {
  return isSupportedProtocolVersion(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

/** JSON-RPC batching was removed from MCP in 2025-06-18. Versions are ISO dates, so they sort as text. */
export function allowsBatches(version: string | undefined): boolean {
  return version === undefined || version < '2025-06-18';
}
