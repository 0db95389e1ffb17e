import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import { notFound } from '../../core/errors.ts';

/**
 * Everything the page loads comes from here. Redoc's React styling inserts <style> elements, so
 * styles need 'unsafe-inline' (style only: no script runs inline); its search index runs in a
 * Worker it builds from a blob: URL. `data:` images are Redoc's icons and the blank logo below.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  path: string;
  type: string;
  body: Buffer;
  gzipped?: Buffer;
}

/** An asset under a name carrying its content hash, so it can be cached for good. */
function asset(name: string, ext: string, type: string, body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: `/docs/assets/${name}.${hash}.${ext}`, type, body };
}

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url));

/** The one thing Redoc fetches from elsewhere: the logo beside its "API docs by Redocly" credit. */
const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%221%22 height=%221%22/%3E';

/**
 * The bundle as npm ships it, but for its remote logo, which becomes a blank inline image (the
 * credit's text and link stay). A Redoc release that moves the logo fails here at start-up rather
 * than fetching from a CDN unnoticed.
 */
function redocBundle(): Buffer {
  const text = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
  if (text.split(REDOC_REMOTE_LOGO).length !== 2)
    throw new Error(`redoc.standalone.js no longer names ${REDOC_REMOTE_LOGO} once`);
  return Buffer.from(text.replace(REDOC_REMOTE_LOGO, BLANK_LOGO));
}

function loadAssets() {
  return {
    redoc: asset('redoc.standalone', 'js', 'application/javascript; charset=utf-8', redocBundle()),
    script: asset('docs', 'js', 'application/javascript; charset=utf-8', read('./assets/docs.js')),
    style: asset('docs', 'css', 'text/css; charset=utf-8', read('./assets/docs.css')),
  };
}

function page(assets: ReturnType<typeof loadAssets>): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner API reference</title>
<link rel="stylesheet" href="${assets.style.path}">
</head>
<body>
<noscript>This reference needs JavaScript. The document it shows is <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<div id="redoc"></div>
<script src="${assets.redoc.path}"></script>
<script src="${assets.script.path}"></script>
</body>
</html>
`;
}

/**
 * GET /docs: the OpenAPI document rendered by Redoc, bundled from npm and served by the API
 * itself, so the page works offline and fetches nothing from elsewhere. Outside /api/v1 like
 * /healthz: no key, no rate limit.
 */
export function mountDocs(router: Router): void {
  const assets = loadAssets();
  const html = page(assets);
  const byPath = new Map(Object.values(assets).map((a) => [a.path, a]));

  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });
  router.get('/docs/assets/:name', (ctx) => {
    const found = byPath.get(ctx.path);
    if (!found) throw notFound('Asset');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = found.type;
    // Compressed on first request rather than at start-up: most processes never serve the page.
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      found.gzipped ??= gzipSync(found.body);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = found.gzipped;
    } else {
      ctx.body = found.body;
    }
  });
}
