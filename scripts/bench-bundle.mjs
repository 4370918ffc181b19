#!/usr/bin/env node
// `npm run bench:bundle`: the JavaScript each route downloads before it can render (gzipped), from the
// Vite manifest of a fresh production build (BENCH_SKIP_BUILD=1 reads the last one), against the
// budgets of docs/modes-and-limits.md ("Budgets"). `npm test` runs it after its build and fails when a
// route is over its budget (or, for a goal not met yet, over its ratchet: scripts/bundle-budgets.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { judgeBudget, tableProblems } from './bundle-budgets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.join(root, 'dist/client');
if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8'));

// budgetKiB: the goal. ratchetKiB: while a goal is missed, the figure reached, which may not grow
// (lower it when a change lowers the figure; decision 0062). Every goal is met since the React API
// is served by Preact (decision 0070), so no row has one now.
const ROUTES = [
  // The landing page carries its own script and nothing of the app (decision 0067; the server's
  // pageHtml writes exactly that entry's closure): measured alone, against the goal itself.
  { route: '/', page: 'src/web/landing-page.ts', budgetKiB: 90, ownEntry: true },
  // The verified shared page (a grant): shared.tsx draws the checklist.
  { route: '/shared/{token}', page: 'src/web/pages/shared.tsx', budgetKiB: 120 },
  // The code screen is a server-rendered form whose page carries its own entry and nothing of the
  // app (decision 0061; the server's pageHtml writes exactly that entry's closure): measured alone.
  { route: '/shared/{token} code screen', page: 'src/web/code-screen.ts', budgetKiB: 50, ownEntry: true },
  { route: '/dashboard', page: 'src/web/pages/dashboard.tsx', budgetKiB: 110 },
  { route: '/checklist/{id}', page: 'src/web/pages/checklist.tsx', budgetKiB: 120 },
  { route: '/sms-consent', page: 'src/web/pages/sms-consent.tsx' },
  { route: '/pricing', page: 'src/web/pages/pricing.tsx', budgetKiB: 110 },
  { route: '/settings/team', page: 'src/web/pages/team.tsx' },
  { route: '/join/{token}', page: 'src/web/pages/join.tsx' },
  { route: '/developers', page: 'src/web/pages/developers.tsx' },
  // Loaded by /developers once it draws (swagger-ui, decision 0051): the page's JavaScript with it.
  { route: '/developers + reference', page: 'src/web/pages/developers/api-reference.tsx', lazy: true },
];

const problems = tableProblems(ROUTES);
if (problems.length) throw new Error(`bench-bundle's route table: ${problems.join('; ')}`);

const gzipped = new Map();
function gzSize(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length);
  return gzipped.get(file);
}

/** A chunk and everything it imports statically (what must load before it runs). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

// The app's entry (index.html); the code screen's and the landing page's scripts are entries of their
// own (ownEntry rows).
const entry = manifest['index.html']
  ? 'index.html'
  : Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure(entry);
let over = 0;
console.info('route                 initial JS (gzip)   budget');
for (const { route, page, budgetKiB, ratchetKiB, ownEntry } of ROUTES) {
  if (!manifest[page]) {
    console.info(`${route.padEnd(22)}(no chunk for ${page})`);
    continue;
  }
  const files = closure(page, new Set(ownEntry ? [] : entryFiles));
  const kib = [...files].reduce((sum, file) => sum + gzSize(file), 0) / 1024;
  const { ok, verdict } = judgeBudget(kib, { budgetKiB, ratchetKiB });
  if (!ok) over++;
  console.info(`${route.padEnd(22)}${`${kib.toFixed(1)} KiB`.padStart(10)}          ${verdict}`);
}
// A lazy chunk is fetched by its page only: no other route may need it before it renders.
for (const { route, page } of ROUTES.filter((candidate) => candidate.lazy)) {
  const file = manifest[page]?.file;
  const leaks = ROUTES.filter((other) => !other.lazy && closure(other.page, new Set()).has(file));
  if (leaks.length) over++;
  console.info(
    `${route}: ${leaks.length ? `in the initial JS of ${leaks.map((l) => l.route).join(', ')}` : 'in no other route’s initial JS'}`,
  );
}
process.exitCode = over ? 1 : 0;
