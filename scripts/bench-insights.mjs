#!/usr/bin/env node
// `npm run bench:insights`: what insights cost at 100,000 checklists (docs/insights.md "Cost").
// Makes a PostgreSQL database of its own (dropped after) on the server DATABASE_URL names (default
// postgres://postgres@127.0.0.1:5432/test) and runs scripts/bench-insights-run.ts on it: the seed, then
// each statement's execution time and the scans of its plan, and the whole answer's time, for ranges of
// 30, 90 and 366 days. BENCH_CHECKLISTS changes the team's size. Figures only: nothing is asserted.
import { randomBytes } from 'node:crypto';
import { run, serverUrl, withAdmin } from './bench-support.mjs';

const name = `ls_bench_insights_${randomBytes(4).toString('hex')}`;
await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  await run(process.execPath, ['--import', 'tsx', 'scripts/bench-insights-run.ts'], {
    env: { ...process.env, DATABASE_URL: url.href },
  });
} finally {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
