#!/usr/bin/env node
// `npm run bench:report`: time and memory to render a completion report (issue 17) of 50 tasks with
// 50 photos. Each measurement runs in a fresh process (scripts/bench-report-run.ts). Prints the
// figures and the goals; nothing is asserted. Goals: < 5 s and < 300 MB above the resting memory.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function measure() {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench-report-run.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bench run failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

const verdict = (ok) => (ok ? 'met' : 'MISSED');
const runs = [measure(), measure(), measure()];
const worstMs = Math.max(...runs.map((r) => r.ms));
const worstMb = Math.max(...runs.map((r) => r.extraMb));
console.info(
  `a 50-task report with 50 photos (display copies 1600x1200, ${runs[0].photoKb} KB each): PDF ${runs[0].pdfKb} KB`,
);
console.info(`time: ${runs.map((r) => `${r.ms} ms`).join(', ')} (3 runs, each in a fresh process)`);
console.info(
  `extra memory: ${runs.map((r) => `${r.extraMb} MB`).join(', ')} above a resting ${runs[0].baselineMb} MB`,
);
console.info(`< 5 s: worst ${worstMs} ms (${verdict(worstMs < 5000)})`);
console.info(`< 300 MB extra: worst ${worstMb} MB (${verdict(worstMb < 300)})`);
