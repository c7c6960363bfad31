// The `GET /health` row every service declares: its same-work ceiling answers the same body (the
// uptime differs by nature, so it is left out of the comparison), target ≥ 0.9 of the ceiling.
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
    target: { atLeast: 0.9 },
    ...extra,
  };
}
