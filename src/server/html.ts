/**
 * Server-written HTML: escaping, JSON inside a page, and the page shell of the sign-in popup (the local
 * account chooser and the sign-in result). Its stylesheet and script are served by
 * http/pages/popup-pages.ts, under the app's CSP. Here, below routes and adapters alike, so both can write
 * a page.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON that is safe inside a <script type="application/json"> block. */
export function jsonForHtml(value: unknown): string {
  return jsonTextForHtml(JSON.stringify(value));
}

/**
 * JSON text made safe inside a <script type="application/json"> block: no `</script>` or `<!--` can
 * end or change the block, and no line separator can break a reader that takes it for JavaScript.
 * Each of these characters can only stand inside a JSON string, where its \u escape means the same.
 */
export function jsonTextForHtml(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export function popupPage(options: {
  title: string;
  body: string;
  data?: unknown;
  script?: boolean;
}): string {
  const data =
    options.data === undefined
      ? ''
      : `<script type="application/json" id="popup-data">${jsonForHtml(options.data)}</script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#4f46e5">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/auth/popup.css">
</head>
<body>
<main class="card">${options.body}</main>
${data}${options.script ? '<script src="/api/auth/popup.js"></script>' : ''}
</body>
</html>`;
}
