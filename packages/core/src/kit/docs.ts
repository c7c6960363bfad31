import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Swagger UI is served from the installed `swagger-ui-dist` package: nothing is loaded from a CDN. */
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;
export type DocsAsset = keyof typeof ASSETS;
export const DOCS_ASSETS = Object.keys(ASSETS) as DocsAsset[];

const cache = new Map<DocsAsset, Buffer>();

export function docsAsset(name: DocsAsset): { body: Buffer; contentType: string } {
  let body = cache.get(name);
  if (!body) {
    const packageDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    body = readFileSync(join(packageDir, name));
    cache.set(name, body);
  }
  return { body, contentType: ASSETS[name] };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function docsPage(title: string, docsPath: string, openapiPath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(docsPath)}/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${escapeHtml(docsPath)}/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: ${JSON.stringify(openapiPath)}, dom_id: '#docs', deepLinking: true, tryItOutEnabled: true });
</script>
</body>
</html>
`;
}
