import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for `npm run build`'s output, for API tests of the pages the server serves: the
 * client's index.html (the entry script and an empty #root, as Vite writes it), a Vite manifest, and
 * a prerender module (src/web/prerender.tsx's exports, written as plain JavaScript by the test).
 */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>x</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** Writes the build under `dir` (dir/client, dir/prerender) and answers the client folder. */
export function writeClientBuild(
  dir: string,
  build: { prerender: string; manifest?: Record<string, unknown> },
): string {
  const client = path.join(dir, 'client');
  mkdirSync(path.join(client, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'prerender'), { recursive: true });
  writeFileSync(path.join(client, 'index.html'), INDEX_HTML);
  if (build.manifest) writeFileSync(path.join(client, '.vite/manifest.json'), JSON.stringify(build.manifest));
  writeFileSync(path.join(dir, 'prerender/prerender.js'), build.prerender);
  // An ES module, as dist/prerender/prerender.js is under the project's package.json ("type": "module"):
  // a worker thread loading it (tsx from sources) goes by that, not by its syntax.
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return client;
}
