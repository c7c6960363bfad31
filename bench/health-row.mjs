// The `GET /health` row every service declares: its same-work ceiling answers the same body (the
// uptime differs by nature, so it is left out of the comparison). Target: within 0.1 of the kit's
// 2026-11 ratio to bare Hono on a GET (0.85), i.e. ≥ 0.75 of bare Hono doing the same work.
export function healthRow(letter, service, version, basePath = '', extra = {}) {
  return {
    name: `${letter} GET ${basePath}/health`,
    method: 'GET',
    path: `${basePath}/health`,
    sameWork: () =>
      JSON.stringify({
        status: 'ok',
        service,
        version,
        uptime_s: Math.floor(process.uptime()),
        node: process.version,
      }),
    volatile: ['uptime_s'],
    target: { bareHono: 0.75 },
    ...extra,
  };
}
