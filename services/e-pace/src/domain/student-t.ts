/**
 * Student's t distribution, exactly: the CDF through the regularized incomplete beta function,
 * P(T ≤ t) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, and the quantile by inverting it with bisection.
 * I_x(a, b) is evaluated by its continued fraction (modified Lentz; Numerical Recipes §6.4) and ln Γ by
 * Lanczos' approximation (g = 7, n = 9), both accurate to about 1e-15 here.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
] as const;

/** ln Γ(x) for x > 0 (Lanczos, g = 7; accurate to about 1e-13 down to x = 0.25, and only x ≥ ½ is used here). */
export function logGamma(x: number): number {
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const TINY = 1e-300;
const EPSILON = 1e-16;
const MAX_TERMS = 1000;

/**
 * The continued fraction of I_x(a, b), converging fast for x < (a + 1)/(a + b + 2). The TINY guards are
 * Lentz's protection against a zero denominator; with a, b > 0 and x on the convergent side, c and d never
 * come near 1e-300, so they are never taken here (their mutants are equivalent).
 */
function betaFraction(a: number, b: number, x: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Lentz's zero guard, never reached here
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  // Stryker disable next-line EqualityOperator: a bound on the steps; the fraction converges in far fewer
  for (let m = 1; m <= MAX_TERMS; m++) {
    const m2 = 2 * m;
    // Even step.
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Lentz's zero guard, never reached here
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Lentz's zero guard, never reached here
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    // Odd step.
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Lentz's zero guard, never reached here
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Lentz's zero guard, never reached here
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    // Stryker disable next-line EqualityOperator: a step exactly 1 ± 1e-16 changes h by less than a float
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), 0 ≤ x ≤ 1. */
export function regularizedBeta(x: number, a: number, b: number): number {
  // Stryker disable next-line EqualityOperator: at x = 0 the formula below gives 0 as well (x^a = 0)
  if (x <= 0) return 0;
  // Stryker disable next-line EqualityOperator: at x = 1 the formula below gives 1 as well ((1 − x)^b = 0)
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges quickly on one side of the mean; use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a).
  // Stryker disable next-line EqualityOperator: at the switch point both sides converge to the same value
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(a, b, x)) / a
    : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with ν degrees of freedom. */
export function studentTCdf(t: number, nu: number): number {
  const tail = 0.5 * regularizedBeta(nu / (nu + t * t), nu / 2, 0.5);
  // Stryker disable next-line EqualityOperator: at t = 0 the tail is ½, so both branches give ½
  return t >= 0 ? 1 - tail : tail;
}

/**
 * The p-quantile of Student's t with ν degrees of freedom, 0.5 ≤ p < 1: the t ≥ 0 with CDF(t) = p, by
 * bisection to the last float (the CDF is increasing; the bracket doubles until it holds the answer).
 */
export function studentTQuantile(p: number, nu: number): number {
  let lo = 0;
  let hi = 1;
  // Stryker disable next-line EqualityOperator: when CDF(hi) = p exactly, doubling once more still brackets p
  while (studentTCdf(hi, nu) < p) {
    lo = hi;
    hi *= 2;
  }
  for (;;) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) return mid;
    if (studentTCdf(mid, nu) < p) lo = mid;
    else hi = mid;
  }
}
