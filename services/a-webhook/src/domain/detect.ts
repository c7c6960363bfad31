import { echoedList, ProblemError } from '@dus/core';
import { parseHeaders } from './headers.js';
import { missingFields } from './errors.js';
import { PLATFORMS } from './platforms/index.js';
import type { PlatformDescriptor, PlatformName, VerifyInput } from './types.js';

/**
 * `platform: "auto"`: the platform named by the received `headers`. The table is each platform's own data:
 * its `signature_header` (or `detection.headers`), and the candidates it overrules (`detection.overrules`).
 */

interface Overrule {
  platforms: readonly PlatformName[];
  /** Lower-cased names; the overruling applies only beside one of them (null: always). */
  when: readonly string[] | null;
}

interface DetectionRow {
  name: PlatformName;
  /** Lower-cased header names that name the platform, in order of preference for the signature. */
  headers: readonly string[];
  /** Lower-cased; the platform is a candidate only beside one of them (null: always). */
  beside: readonly string[] | null;
  overrules: readonly Overrule[];
}

const lower = (names: readonly string[]) => names.map((name) => name.toLowerCase());
const lowerOrNull = (names: readonly string[] | undefined) => (names === undefined ? null : lower(names));

function detectionRow(platform: PlatformDescriptor): DetectionRow {
  const own = platform.signature_header === null ? [] : [platform.signature_header];
  return {
    name: platform.name,
    headers: lower(platform.detection?.headers ?? own),
    beside: lowerOrNull(platform.detection?.beside),
    overrules: (platform.detection?.overrules ?? []).map((rule) => ({
      platforms: rule.platforms,
      when: lowerOrNull(rule.when),
    })),
  };
}

/** Built once from the platform descriptors (generic's rows name no header, so never match). */
export const DETECTION_TABLE: readonly DetectionRow[] = PLATFORMS.map(detectionRow);

/** Whether a header named `name` was received, or one starting with it when `name` ends in `*`. */
function received(headers: ReadonlyMap<string, string>, name: string): boolean {
  if (!name.endsWith('*')) return headers.has(name);
  const prefix = name.slice(0, -1);
  for (const header of headers.keys()) if (header.startsWith(prefix)) return true;
  return false;
}

function notDetected(
  code: 'platform_not_detected' | 'ambiguous_platform',
  names: string[],
  candidates: PlatformName[],
) {
  // The names as sent, but bounded (docs/conventions.md §2): 20 of at most 64 characters, with the total.
  const echoed = echoedList(names);
  const seen = names.length > 0 ? echoed.text : 'none';
  const message =
    code === 'platform_not_detected'
      ? 'no header names a platform; pass platform by name'
      : `the headers name several platforms (${candidates.join(', ')}); pass platform by name`;
  return new ProblemError({
    status: 422,
    code,
    title: code === 'platform_not_detected' ? 'Platform not detected' : 'Ambiguous platform',
    detail: `platform: ${message} (headers seen: ${seen})`,
    errors: [{ path: '/platform', code, message }],
    extensions: {
      valid: false,
      ...(code === 'ambiguous_platform' ? { candidates } : {}),
      headers_seen: echoed.items,
      ...(echoed.total > echoed.items.length ? { headers_seen_total: echoed.total } : {}),
    },
  });
}

/**
 * The input with `platform` set to the one its headers name, and `signature` taken from the header that named
 * it when not given. No headers → 400 missing_field; none or several platforms → 422 naming the headers seen.
 */
export function detectPlatform(input: VerifyInput): { input: VerifyInput; platform: PlatformName } {
  const headers = parseHeaders(input.headers);
  if (headers === null)
    throw missingFields(['headers'], null, 'platform "auto" reads the platform from headers');
  const present = (name: string) => received(headers, name);
  const beside = (names: readonly string[] | null) => names === null || names.some(present);
  let candidates = DETECTION_TABLE.filter((row) => row.headers.some(present) && beside(row.beside));
  for (const row of [...candidates]) {
    for (const rule of row.overrules) {
      if (beside(rule.when)) candidates = candidates.filter((other) => !rule.platforms.includes(other.name));
    }
  }
  const names = Object.keys(input.headers ?? {});
  const found = candidates[0];
  if (found === undefined) throw notDetected('platform_not_detected', names, []);
  if (candidates.length > 1)
    throw notDetected(
      'ambiguous_platform',
      names,
      candidates.map((row) => row.name),
    );
  const filled: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(input)) filled[key] = (input as unknown as Record<string, unknown>)[key];
  filled.platform = found.name;
  if (filled.signature === undefined || filled.signature === null) {
    filled.signature = headers.get(found.headers.find(present) as string);
  }
  return { input: filled as unknown as VerifyInput, platform: found.name };
}
