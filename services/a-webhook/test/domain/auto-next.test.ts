/**
 * `platform: "auto"` after Next II, in the domain: the new headers, lemonsqueezy beside X-Event-Name,
 * github beside an X-GitHub-* header (else github or meta), openai/replicate/polar never detected, and the
 * bounded `headers_seen` of the 422 problems.
 */
import { describe, expect, it } from 'vitest';
import { detectPlatform } from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';

const detect = (headers: Record<string, string>) => detectPlatform({ platform: 'auto', headers });

describe('Next II detection', () => {
  it('X-Signature: lemonsqueezy beside X-Event-Name (any case), else segment', () => {
    expect(detect({ 'X-Signature': 'ab', 'x-event-name': 'order_created' })).toMatchObject({
      platform: 'lemonsqueezy',
      input: { signature: 'ab' },
    });
    expect(detect({ 'X-Signature': 'ab' }).platform).toBe('segment');
    expect(detect({ 'X-Signature': 'ab', 'X-Event-Names': 'x' }).platform).toBe('segment');
    // X-Event-Name alone names nothing.
    expect(problemFrom(() => detect({ 'X-Event-Name': 'order_created' })).code).toBe('platform_not_detected');
  });

  it('X-Hub-Signature-256: github beside any X-GitHub-* header, else ambiguous (github, meta)', () => {
    for (const beside of ['X-GitHub-Event', 'x-github-delivery', 'X-GITHUB-HOOK-ID', 'X-GitHub-']) {
      expect(detect({ 'X-Hub-Signature-256': 'sha256=a', [beside]: '1' }).platform, beside).toBe('github');
    }
    const problem = problemFrom(() => detect({ 'X-Hub-Signature-256': 'sha256=a', 'X-GitHubEvent': 'push' }));
    expect(problem.toProblem()).toMatchObject({
      status: 422,
      code: 'ambiguous_platform',
      candidates: ['github', 'meta'],
      headers_seen: ['X-Hub-Signature-256', 'X-GitHubEvent'],
    });
    // Beside X-Hub-Signature too, without an X-GitHub-* header, github and meta stay (intercom does not).
    const both = problemFrom(() =>
      detect({ 'X-Hub-Signature-256': 'sha256=a', 'X-Hub-Signature': 'sha1=b' }),
    );
    expect(both.toProblem()).toMatchObject({ candidates: ['github', 'meta'] });
  });

  it('webhook-signature is standard-webhooks: openai, replicate and polar are never detected', () => {
    const headers = { 'webhook-signature': 'v1,a', 'webhook-id': 'm', 'webhook-timestamp': '1' };
    expect(detect(headers).platform).toBe('standard-webhooks');
  });

  it.each([
    ['x-zm-signature', 'zoom'],
    ['Twitch-Eventsub-Message-Signature', 'twitch'],
    ['X-WC-Webhook-Signature', 'woocommerce'],
    ['ElevenLabs-Signature', 'elevenlabs'],
    ['x-webflow-signature', 'webflow'],
    ['Calendly-Webhook-Signature', 'calendly'],
    ['Mux-Signature', 'mux'],
  ])('%s → %s', (header, platform) => {
    expect(detect({ [header.toUpperCase()]: 'sig' })).toMatchObject({
      platform,
      input: { signature: 'sig' },
    });
  });
});

describe('headers_seen is echoed bounded (docs/conventions.md §2: 20 items of at most 64 characters)', () => {
  it('100 names of 256 characters → the first 20, each cut to 64, and the total', () => {
    const names = Array.from({ length: 100 }, (_, i) => `X-${String(i).padStart(3, '0')}-${'n'.repeat(250)}`);
    const problem = problemFrom(() =>
      detect(Object.fromEntries(names.map((name) => [name, 'v']))),
    ).toProblem();
    const cut = (name: string) => `${name.slice(0, 63)}…`;
    expect(problem.headers_seen).toEqual(names.slice(0, 20).map(cut));
    expect(problem.headers_seen_total).toBe(100);
    expect(problem.detail).toBe(
      `platform: no header names a platform; pass platform by name (headers seen: ${names
        .slice(0, 20)
        .map(cut)
        .join(', ')} and 80 more)`,
    );
    expect(JSON.stringify(problem).length).toBeLessThan(4000);
  });

  it('20 names are all shown, without a total; a 64-character name is kept whole', () => {
    const names = Array.from({ length: 20 }, (_, i) => `X-${String(i).padStart(2, '0')}-${'m'.repeat(59)}`);
    expect(names[0]).toHaveLength(64);
    const problem = problemFrom(() =>
      detect(Object.fromEntries(names.map((name) => [name, 'v']))),
    ).toProblem();
    expect(problem.headers_seen).toEqual(names);
    expect(problem).not.toHaveProperty('headers_seen_total');
  });
});
