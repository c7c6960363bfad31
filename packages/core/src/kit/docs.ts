import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Swagger UI is served from the installed `swagger-ui-dist` package: nothing is loaded from a CDN. */
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;
export type DocsAsset = keyof typeof ASSETS;
export const DOCS_ASSETS = Object.keys(ASSETS) as DocsAsset[];

const packageDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The asset URLs carry the package version, so a browser may keep them a year (a new version is a new URL). */
export const DOCS_VERSION: string = JSON.parse(
  readFileSync(join(packageDir(), 'package.json'), 'utf8'),
).version;

type Encoding = 'br' | 'gzip' | 'identity';

/** One encoding of an asset, with its strong ETag (the hash of exactly these bytes). */
export interface EncodedAsset {
  body: Uint8Array;
  encoding: Encoding;
  etag: string;
  contentType: string;
}

const etagOf = (bytes: Uint8Array) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
const encodings = new Map<string, Promise<EncodedAsset>>();

/** The encodings a request accepts, best first (`q=0` refuses one). */
function accepted(acceptEncoding: string | undefined): Encoding[] {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const wants = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return [...(wants('br') ? ['br' as const] : []), ...(wants('gzip') ? ['gzip' as const] : []), 'identity'];
}

/**
 * An asset in the best encoding the request accepts, compressed once (in libuv's thread pool, so the
 * event loop never waits on brotli) and kept: Swagger UI's bundle is 1.7 MB plain, about a quarter of
 * that with gzip and less with brotli.
 */
export function docsAsset(name: DocsAsset, acceptEncoding: string | undefined): Promise<EncodedAsset> {
  const encoding = accepted(acceptEncoding)[0]!;
  const key = `${name} ${encoding}`;
  let asset = encodings.get(key);
  if (asset === undefined) {
    const plain = readFileSync(join(packageDir(), name));
    const compressed =
      encoding === 'br'
        ? promisify(brotliCompress)(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : encoding === 'gzip'
          ? promisify(gzip)(plain, { level: 9 })
          : Promise.resolve(plain);
    asset = compressed.then((body) => ({ body, encoding, etag: etagOf(body), contentType: ASSETS[name] }));
    encodings.set(key, asset);
  }
  return asset;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function docsPage(title: string, docsPath: string, openapiPath: string): string {
  const asset = (name: DocsAsset) => escapeHtml(`${docsPath}/${name}?v=${DOCS_VERSION}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<div id="docs"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script>
window.ui = SwaggerUIBundle({ url: ${JSON.stringify(openapiPath)}, dom_id: '#docs', deepLinking: true, tryItOutEnabled: true });
</script>
</body>
</html>
`;
}
