import { html, Html, inlineSourceHash } from '../http/html.ts';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f8fa}
header{display:flex;align-items:center;gap:16px;padding:12px 24px;background:#24292f;color:#fff}
header h1{font-size:17px;margin:0;font-weight:600}
header .grow{flex:1}
header button{background:transparent;color:#fff;border-color:#57606a}
main{padding:20px 24px;max-width:1500px}
h2{font-size:15px;margin:28px 0 8px}
h2 small{font-weight:400;color:#57606a}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.muted{color:#57606a}
.counts{display:flex;gap:10px;margin:0 0 16px;padding:0;list-style:none}
.counts li{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:110px}
.counts b{display:block;font-size:22px;line-height:1.2}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;white-space:nowrap}
.failed{background:#ffebe9;color:#a40e26}
.stuck{background:#fff8c5;color:#7d4e00}
.running{background:#ddf4ff;color:#0550ae}
.queued{background:#eaeef2;color:#424a53}
.flash{border-radius:6px;padding:10px 14px;margin:0 0 16px;border:1px solid}
.flash.ok{background:#dafbe1;border-color:#4ac26b;color:#116329}
.flash.refused{background:#fff8c5;border-color:#d4a72c;color:#7d4e00}
form.filter{display:flex;gap:10px;align-items:end;flex-wrap:wrap;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:12px 14px}
label{display:flex;flex-direction:column;gap:3px;font-size:12px;color:#57606a}
select,input{font:inherit;padding:5px 8px;border:1px solid #d0d7de;border-radius:6px;background:#fff;color:#1f2328;min-width:220px}
button{font:inherit;padding:5px 12px;border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa;color:#1f2328;cursor:pointer}
form.filter a{padding:6px 0}
button.primary{background:#1f883d;border-color:#1a7f37;color:#fff}
.bar{display:flex;align-items:baseline;justify-content:space-between;gap:12px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d0d7de;border-radius:6px}
th,td{text-align:left;vertical-align:baseline;padding:8px 10px;border-bottom:1px solid #eaeef2}
th{font-size:12px;color:#57606a;font-weight:600;background:#f6f8fa;white-space:nowrap}
tr:last-child td{border-bottom:0}
td.error{max-width:360px;overflow-wrap:anywhere;color:#a40e26}
tr.is-queued td.error,tr.is-running td.error{color:#57606a}
td.when{white-space:nowrap}
td.empty{color:#57606a;text-align:center;padding:18px}
.concerns div{white-space:nowrap}
.login{max-width:380px;margin:80px auto;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:24px}
.login h1{font-size:18px;margin:0 0 16px}
.login form{display:flex;flex-direction:column;gap:12px}
.login input{min-width:0;width:100%}
.problem{color:#a40e26;margin:0}
`;

/**
 * The page's only styling is this inline sheet, allowed by its hash: no script, image, font or
 * frame may load, forms may only post here, and no other site may frame the console.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${inlineSourceHash(STYLE)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function page(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Partner API support</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
${body}
</body>
</html>
`.markup;
}
