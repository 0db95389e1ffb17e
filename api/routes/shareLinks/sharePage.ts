import type { ApiError } from '../../../core/errors.ts';
import type { Ctx, ErrorPage } from '../../context.ts';
import { html, Html, inlineSourceHash } from '../../http/html.ts';

/** What a homeowner sees of a shared visualization: the catalog choice, the images, the expiry. */
export interface SharedView {
  expiresAt: Date;
  material: { name: string } | null;
  color: { name: string; hex_code: string | null } | null;
  shape: { name: string } | null;
  beforeUrl: string | null;
  afterUrl: string | null;
}

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#f5f5f4}
main{max-width:900px;margin:0 auto;padding:20px 16px 32px}
h1{font-size:clamp(1.35rem,4.5vw,2rem);line-height:1.2;margin:4px 0 16px;letter-spacing:-.01em}
p{margin:0 0 12px}
.compare{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px}
figure{position:relative;margin:0;overflow:hidden;border-radius:14px;background:#e7e5e4}
figure img{display:block;width:100%;height:100%;object-fit:cover}
figcaption{position:absolute;top:10px;left:10px;padding:2px 10px;border-radius:999px;
  background:rgba(28,25,23,.72);color:#fff;font-size:13px;font-weight:600;letter-spacing:.03em}
.slider{position:relative;gap:0;grid-template-columns:1fr;border-radius:14px;overflow:hidden;
  box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.08)}
.slider figure{grid-area:1/1;border-radius:0}
.slider .before{z-index:1;clip-path:inset(0 calc(100% - var(--divide,50%)) 0 0)}
.slider .after figcaption{left:auto;right:10px}
.slider::before,.slider::after{content:"";position:absolute;z-index:2;left:var(--divide,50%);pointer-events:none}
.slider::before{top:0;bottom:0;width:3px;transform:translateX(-50%);background:#fff;box-shadow:0 0 6px rgba(0,0,0,.35)}
.slider::after{content:"‹ ›";top:50%;width:44px;height:44px;transform:translate(-50%,-50%);border:3px solid #fff;
  border-radius:50%;background:rgba(28,25,23,.55);box-shadow:0 2px 8px rgba(0,0,0,.35);
  display:flex;align-items:center;justify-content:center;color:#fff;font-size:22px;font-weight:700;line-height:1}
.slider:has(input:focus-visible)::after{outline:3px solid #60a5fa;outline-offset:2px}
.slider input{position:absolute;z-index:3;inset:0;width:100%;height:100%;margin:0;opacity:0;
  cursor:ew-resize;touch-action:pan-y}
.hint{margin:10px 0 0;color:#57534e;font-size:14px;text-align:center}
.choice{margin:20px 0 16px;background:#fff;border:1px solid #e7e5e4;border-radius:12px}
.choice div{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:10px 14px}
.choice div+div{border-top:1px solid #e7e5e4}
.choice dt{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.06em;color:#78716c}
.choice dd{margin:0;font-size:17px;font-weight:600;display:flex;align-items:center;gap:8px;text-align:right}
.swatch{width:18px;height:18px;flex:none;border-radius:50%;box-shadow:inset 0 0 0 1px rgba(0,0,0,.2)}
.expiry{color:#57534e;font-size:14px}
.notice{max-width:560px;padding-top:12vh}
.notice p{color:#44403c}
@media (min-width:700px){
  main{padding:40px 24px 48px}
  .choice{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:10px;background:none;border:0}
  .choice div,.choice div+div{display:block;background:#fff;border:1px solid #e7e5e4;border-radius:12px}
  .choice dd{margin-top:2px;text-align:left}
}
`;

/** Turns the stacked images into a before/after slider; without it (no script) they stay side by side. */
const SCRIPT = `
const compare = document.getElementById('compare');
const range = compare && compare.querySelector('input[type=range]');
if (range) {
  const show = () => compare.style.setProperty('--divide', range.value + '%');
  range.addEventListener('input', show);
  show();
  compare.classList.add('slider');
  range.hidden = false;
  document.getElementById('hint').hidden = false;
}
`;

const STYLE_SOURCE = inlineSourceHash(STYLE);
const SCRIPT_SOURCE = inlineSourceHash(SCRIPT);

/**
 * The page loads nothing but its images, from this API (its own origin, or PUBLIC_BASE_URL's when
 * a proxy serves the page under another name); inline style and script run only by their hashes.
 */
function contentSecurityPolicy(ctx: Ctx): string {
  return [
    "default-src 'none'",
    `img-src 'self' ${new URL(ctx.deps.config.PUBLIC_BASE_URL).origin}`,
    `style-src ${STYLE_SOURCE}`,
    `script-src ${SCRIPT_SOURCE}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function layout(title: string, body: Html, script?: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
${body}${
    script &&
    html`
<script>${new Html(script)}</script>`
  }
</body>
</html>
`.markup;
}

function send(ctx: Ctx, markup: string): void {
  ctx.set('Content-Security-Policy', contentSecurityPolicy(ctx));
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = markup;
}

/**
 * A browser ranks text/html above anything else; API clients, and requests without Accept or
 * accepting any type alike, get JSON, named first. Both forms vary on Accept, errors included.
 */
export function prefersPage(ctx: Ctx): boolean {
  ctx.vary('Accept');
  return ctx.accepts('json', 'html') === 'html';
}

/** The route's `negotiate`: a browser's errors are pages too, with the status the JSON would have. */
export function negotiateSharePage(ctx: Ctx): ErrorPage | undefined {
  return prefersPage(ctx) ? sendErrorPage : undefined;
}

const EXPIRY_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function figure(kind: 'before' | 'after', url: string | null): Html | null {
  if (!url) return null;
  const [caption, alt] =
    kind === 'before' ? ['Before', 'The house as photographed'] : ['After', 'The house with the new roof'];
  return html`<figure class="${kind}"><img src="${url}" alt="${alt}"><figcaption>${caption}</figcaption></figure>`;
}

/** Drawn with a presentation attribute, not a style one: the CSP keeps refusing inline styles. */
function swatch(hex: string | null): Html | null {
  if (!hex || !HEX_COLOR.test(hex)) return null;
  return html`<svg class="swatch" viewBox="0 0 1 1" aria-hidden="true"><rect width="1" height="1" fill="${hex}"/></svg>`;
}

function choice(view: SharedView): Html | null {
  const items = [
    view.material && html`<div><dt>Material</dt><dd>${view.material.name}</dd></div>`,
    view.color && html`<div><dt>Color</dt><dd>${swatch(view.color.hex_code)}${view.color.name}</dd></div>`,
    view.shape && html`<div><dt>Roof shape</dt><dd>${view.shape.name}</dd></div>`,
  ].filter((item) => item !== null);
  return items.length ? html`<dl class="choice">${items}</dl>` : null;
}

/** The page a shared link shows a browser; its images are the link's own image URLs. */
export function sendSharePage(ctx: Ctx, view: SharedView): void {
  const both = Boolean(view.beforeUrl && view.afterUrl);
  send(
    ctx,
    layout(
      'Your new roof: before and after',
      html`<main>
<h1>Your new roof, before and after</h1>
<div class="compare" id="compare">
${figure('before', view.beforeUrl)}
${figure('after', view.afterUrl)}
${
  both &&
  html`<input type="range" min="0" max="100" step="0.5" value="50"
  aria-label="Divide between before and after" hidden>`
}
</div>
${both && html`<p class="hint" id="hint" hidden>Drag across the picture to compare.</p>`}
${choice(view)}
<p class="expiry">This link expires on ${EXPIRY_DATE.format(view.expiresAt)}.</p>
</main>`,
      SCRIPT,
    ),
  );
}

type Notice = [title: string, text: string];
const BROKEN: Notice = [
  'This link does not work',
  'Check that the whole link from your message was opened, or ask the sender for a new one.',
];
const NOTICES: Record<number, Notice> = {
  400: BROKEN,
  404: BROKEN,
  409: [
    'These pictures are not ready',
    'The pictures behind this link cannot be shown right now. Ask the sender for a new link.',
  ],
  410: [
    'This link is no longer active',
    'It has expired, or the sender switched it off. Ask them for a new link to see the pictures again.',
  ],
  429: ['Too many requests', 'Please wait a minute, then reload this page.'],
};
const TROUBLE: Notice = ['Something went wrong', 'The page could not be loaded. Please try again in a few minutes.'];

/** Says what a homeowner can do about it; never the API's message, which is written for developers. */
function sendErrorPage(ctx: Ctx, err: ApiError): void {
  const [title, text] = NOTICES[err.status] ?? TROUBLE;
  send(
    ctx,
    layout(
      title,
      html`<main class="notice">
<h1>${title}</h1>
<p>${text}</p>
</main>`,
    ),
  );
}
