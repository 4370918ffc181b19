#!/usr/bin/env node
// `npm run bench:photos`: time and memory to process camera photos (issue 5). Each measurement runs in
// a fresh process (scripts/bench-photos-run.ts) on a generated 12-megapixel JPEG: one upload alone,
// then 10 at once. Prints the figures and the goals; nothing is asserted.
// Goals: one photo < 400 ms and < 150 MB above the process's resting memory; 10 at once < 500 MB in all.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function measure(...args) {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'scripts/bench-photos-run.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`bench run failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

const verdict = (ok) => (ok ? 'met' : 'MISSED');
const single = [measure('single'), measure('single'), measure('single')];
const best = single.reduce((a, b) => (a.msPerPhoto <= b.msPerPhoto ? a : b));
const concurrent = measure('concurrent', '10');

console.info(
  `input: a ${(best.inputBytes / 1048576).toFixed(1)} MB 12-megapixel JPEG; display copy ${(best.displayBytes / 1024).toFixed(0)} KB`,
);
console.info(
  `one photo: ${single.map((r) => `${r.msPerPhoto} ms`).join(', ')} (3 runs); extra memory ${single.map((r) => `${r.extraMb} MB`).join(', ')}`,
);
console.info(
  `10 at once: ${concurrent.msTotal} ms in all; peak RSS ${concurrent.peakMb} MB (resting ${concurrent.baselineMb} MB)`,
);
console.info(`one photo < 400 ms: ${best.msPerPhoto} ms (${verdict(best.msPerPhoto < 400)})`);
const worstExtra = Math.max(...single.map((r) => r.extraMb));
console.info(`one photo < 150 MB extra: ${worstExtra} MB (${verdict(worstExtra < 150)})`);
console.info(`10 at once < 500 MB RSS: ${concurrent.peakMb} MB (${verdict(concurrent.peakMb < 500)})`);
