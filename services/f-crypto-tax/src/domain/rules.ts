import { ProblemError } from '@dus/core';
import { DEFAULT_METHOD, METHOD_ORDER, METHODS } from './methods.js';
import type { Method, Options, PoolingRule, Rules } from './types.js';

/** A 422 that names the request field to change (JSON Pointer in `errors[]`). */
export function refusedAt(
  path: string,
  code: string,
  detail: string,
  extensions: Record<string, unknown> = {},
): ProblemError {
  return new ProblemError({
    status: 422,
    code,
    detail,
    errors: [{ path, code, message: detail }],
    extensions,
  });
}

const methodsAllowedIn = (jurisdiction: string) =>
  METHOD_ORDER.filter((m) => METHODS[m].allowed_in.includes(jurisdiction));

/** The method in force: the one asked for (if the jurisdiction allows it), else the first it allows. */
function settleMethod(requested: Method | undefined, jurisdiction: string | undefined): Method {
  if (jurisdiction === undefined) return requested ?? DEFAULT_METHOD;
  const allowed = methodsAllowedIn(jurisdiction);
  if (allowed.length === 0) {
    throw refusedAt(
      '/jurisdiction',
      'unsupported_jurisdiction',
      `no method lists ${jurisdiction} in allowed_in; see GET /api/v1/methods`,
      { jurisdiction, supported: [...new Set(METHOD_ORDER.flatMap((m) => METHODS[m].allowed_in))].sort() },
    );
  }
  if (requested === undefined) return allowed[0]!;
  if (!allowed.includes(requested)) {
    throw refusedAt(
      '/method',
      'unsupported_method_for_jurisdiction',
      `method ${requested} is not allowed in ${jurisdiction}: use ${allowed.join(' or ')}`,
      { jurisdiction, method: requested, allowed },
    );
  }
  return requested;
}

/** Which pooling applies and why (`pooling_rule` of every answer). */
function settlePooling(options: Options): PoolingRule {
  const { pooling, jurisdiction } = options;
  if (jurisdiction === 'GB') {
    if (pooling === 'per_wallet') {
      throw refusedAt(
        '/pooling',
        'unsupported_pooling_for_jurisdiction',
        'GB pools each asset across all wallets (HMRC CRYPTO22200): leave out pooling or send "universal"',
        { jurisdiction, pooling },
      );
    }
    return {
      pooling: 'universal',
      source: 'hmrc',
      reason: 'GB: one section 104 pool per asset across all wallets (HMRC CRYPTO22200)',
    };
  }
  if (pooling !== undefined) {
    return { pooling, source: 'request', reason: '`pooling` given in the request' };
  }
  if (jurisdiction === 'US') {
    return {
      pooling: 'universal_then_per_wallet',
      source: 'rev_proc_2024_28',
      reason:
        'US: disposals before 2025-01-01 match across wallets, later ones within their wallet (Treas. Reg. §1.1012-1(j), Rev. Proc. 2024-28); open lots stay in the wallet they were bought in or moved to',
    };
  }
  return {
    pooling: 'universal',
    source: 'default',
    reason: 'no `pooling` given: one pool per asset across all wallets',
  };
}

/**
 * The rules a request is computed by: method and pooling as asked, checked against `jurisdiction`
 * (422 naming `/method`, `/pooling` or `/jurisdiction`).
 */
export function settle(requested: Method | undefined, options: Options): Rules {
  const method = settleMethod(requested, options.jurisdiction);
  if (options.methodByYear.size > 0 && options.jurisdiction !== 'US') {
    throw refusedAt(
      '/method_by_year',
      'unsupported_method_for_jurisdiction',
      'method_by_year is for US returns (a specific identification per year): send "jurisdiction": "US" or leave it out',
      { jurisdiction: options.jurisdiction ?? null },
    );
  }
  const poolingRule = settlePooling(options);
  return { method, poolingRule, jurisdiction: options.jurisdiction ?? null };
}
