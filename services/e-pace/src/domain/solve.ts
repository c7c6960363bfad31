/**
 * The root of an increasing function by bisection: the x in [lo, hi] where `f(x) = target`, or null when
 * `target` lies outside [f(lo), f(hi)]. It halves the bracket until no float lies between its ends (about
 * 70 steps on 1 m–1000 km), so the answer is as exact as the function allows, and it always stops.
 */
export function solveIncreasing(
  f: (x: number) => number,
  target: number,
  lo: number,
  hi: number,
): number | null {
  if (!(f(lo) <= target && target <= f(hi))) return null;
  let low = lo;
  let high = hi;
  for (;;) {
    const mid = (low + high) / 2;
    if (mid === low || mid === high) return mid;
    // Stryker disable next-line EqualityOperator: where f(mid) = target either end may move; both converge to mid
    if (f(mid) < target) low = mid;
    else high = mid;
  }
}
