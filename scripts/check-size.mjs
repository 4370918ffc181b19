#!/usr/bin/env node
// `npm run check:size` (a step of `npm test`): the size rule of scripts/size-rule.mjs over every tracked
// source file under src/. `--baseline` rewrites .size-exceptions.json to what is measured now (to take
// fixed entries off; adding one by hand is for review to refuse).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRuledSource, judge, keyed, measureSource } from './size-rule.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const listFile = path.join(root, '.size-exceptions.json');

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => isRuledSource(file) && existsSync(path.join(root, file)));

const violations = tracked.flatMap((file) =>
  measureSource(file, readFileSync(path.join(root, file), 'utf8')),
);

if (process.argv.includes('--baseline')) {
  const list = Object.fromEntries(keyed(violations).map((violation) => [violation.key, violation.lines]));
  writeFileSync(listFile, `${JSON.stringify(list, null, 2)}\n`);
  console.info(`${Object.keys(list).length} known exceptions written to .size-exceptions.json`);
  process.exit(0);
}

const exceptions = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : {};
const problems = judge(violations, exceptions);
for (const problem of problems) console.error(problem);
console.info(
  `size rule: ${tracked.length} files, ${violations.length} over the limits, ${Object.keys(exceptions).length} known exceptions, ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
