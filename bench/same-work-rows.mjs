// The declared rows a same-work server answers: BENCH_ROW of BENCH_SERVICE, or (without BENCH_ROW, for
// the harness's own tests) all of that service's HTTP and large-request rows.
import { declaredRows } from './declared.mjs';

const { http = [], large = [] } = await declaredRows(process.env.BENCH_SERVICE);
const wanted = process.env.BENCH_ROW;
export const rows = [...http, ...large].filter((row) => wanted === undefined || row.name === wanted);
if (rows.length === 0 || rows.some((row) => row.sameWork === undefined))
  throw new Error(`no sameWork for ${wanted ?? process.env.BENCH_SERVICE}`);

/** The content type a row's answer carries. */
export const contentTypeOf = (row) => row.contentType ?? 'application/json; charset=utf-8';

/** Prints the line the harness's tests wait for. */
export function announce(port) {
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` })}\n`);
}
