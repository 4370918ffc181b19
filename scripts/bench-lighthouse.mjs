#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (its npm package, Debian's Chromium) against a production
// build served in local mode, for what a person opens first: the landing page, /pricing, the shared
// link before the code (the code dialog) and after it (a verified recipient's checklist), and the
// dashboard signed in; each on mobile (Lighthouse's default: a mid-range phone on slow 4G, simulated)
// and desktop. Prints performance, FCP, LCP, TBT, CLS and bytes transferred, the median of
// LIGHTHOUSE_RUNS runs (default 3) by performance, against the goals of issues 15 and 35. Figures only:
// nothing is asserted. Goals: mobile performance >= 95 on every page, LCP <= 2.0 s, TBT <= 150 ms,
// CLS < 0.05, and the shared link's first visit <= 150 KiB transferred.
// LIGHTHOUSE_PAGES=landing,shared-code narrows the pages; LIGHTHOUSE_SKIP_BUILD=1 uses dist/ as it is;
// LIGHTHOUSE_DETAILS=1 prints each run's figures and where the time goes (scripts, long tasks, the LCP
// element). LIGHTHOUSE_ROOT: a folder holding another build's dist/ (with package.json and node_modules
// beside it), to measure two builds one after the other in the same period. LIGHTHOUSE_SAVE: a folder
// to write each run's report into (JSON, named by page, device and run), to read what the figures hide.
// LIGHTHOUSE_PORT: the server's port (default: any free one). LIGHTHOUSE_DESKTOP=0 leaves the desktop
// rows out. Each row prints its runs' benchmarkIndex (median) and the load average beside its figures.
//
// Lighthouse's mobile CPU slowdown is relative to the machine it runs on: the default 4x turns a
// high-end desktop (benchmarkIndex ~1500) into a mid-tier phone, and a slower machine into a slower
// phone. Each run's benchmarkIndex is printed, and a third row per page, 'mobile-cal', measures
// with the slowdown Lighthouse's own calibration gives for that index (docs/throttling.md, 'Calibrating
// the CPU slowdown', and its calculator), so the phone simulated is the same on any machine. The goals
// are judged on both rows; LIGHTHOUSE_CALIBRATED=0 leaves the calibrated row out. The table behind
// the calibration ends near an index of 2,000 (6x); above it the slowdown is extrapolated along the
// same line (an index of 4,000 gives about 14.7x), so read that row as the stricter bound.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling as throttlingPresets } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  api,
  CHROMIUM_ARGS,
  cookieOf,
  freePort,
  root,
  run,
  startProcess,
  stopProcess,
} from './bench-support.mjs';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3));
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const GOALS = { performance: 95, lcpMs: 2_000, tbtMs: 150, cls: 0.05, sharedFirstVisitKiB: 150 };

/** An owner with a turnover checklist shared by e-mail, and a browser verified on that share. */
async function seed(base) {
  const login = await api(base, null, 'POST', '/api/dev/login', {
    email: 'bench-lighthouse@example.com',
    displayName: 'Alex Host',
  });
  const owner = cookieOf(login, 'listsync_session');
  const descriptions = [
    'Strip beds and start the laundry',
    'Clean and disinfect the bathroom',
    'Empty the dishwasher and wipe the counters',
    'Vacuum and mop every floor',
    'Restock toilet paper, soap and coffee',
    'Check the smoke alarm and the heating',
    'Photo of the made beds',
    'Photo of the kitchen',
    'Take out the rubbish and recycling',
    'Lock up and leave the keys in the box',
  ];
  const checklist = await (
    await api(base, owner, 'POST', '/api/checklists', {
      name: 'Turnover: Beach House',
      tasks: descriptions.map((description) => ({
        description,
        details: 'Follow the house manual; note anything broken in the remarks.',
        photoRequired: description.startsWith('Photo'),
      })),
    })
  ).json();
  // A second checklist, so the dashboard is not empty of history.
  await api(base, owner, 'POST', '/api/checklists', {
    name: 'Move-out inspection: Flat 2',
    tasks: descriptions.slice(0, 5).map((description) => ({ description, photoRequired: false })),
  });
  const sent = await (
    await api(base, owner, 'POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'cleaner@example.com',
      recipientName: 'Sam Cleaner',
    })
  ).json();
  // The first visit is measured before this browser verifies: a second share gives it its own link.
  const firstVisit = await (
    await api(base, owner, 'POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'second-cleaner@example.com',
      recipientName: 'Robin Cleaner',
    })
  ).json();
  const verified = await api(base, null, 'POST', '/api/verification/verify', {
    token: sent.token,
    code: sent.verificationCode,
  });
  return {
    owner,
    recipient: cookieOf(verified, 'listsync_recipient'),
    verifiedToken: sent.token,
    firstVisitToken: firstVisit.token,
  };
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse. */
async function launchChromium() {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'listsync-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The CPU slowdown that makes this machine a mid-tier phone, from its benchmarkIndex: Lighthouse's
 * calibration table (1,300 -> 3x, 1,533 -> 4x, 800 -> 2x, 150 -> 1x, linear between).
 */
function calibratedCpuSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The mobile settings with another CPU slowdown (the network stays Lighthouse's slow 4G). */
function mobileConfigWithCpu(cpuSlowdownMultiplier) {
  return {
    extends: 'lighthouse:default',
    settings: { throttling: { ...throttlingPresets.mobileSlow4G, cpuSlowdownMultiplier } },
  };
}

/** One Lighthouse run; the figures that matter here. `cpuSlowdown` set: mobile with that slowdown. */
async function measure(chromePort, url, formFactor, cookie, cpuSlowdown, saveAs) {
  const flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // A first visit each time: no cache, no service worker, no storage from the run before.
    disableStorageReset: false,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  let lhr;
  // A trace is sometimes lost on a busy machine (NO_NAVSTART, NO_FCP): the run is made again, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    const config =
      formFactor === 'desktop' ? desktopConfig : cpuSlowdown ? mobileConfigWithCpu(cpuSlowdown) : undefined;
    ({ lhr } = await lighthouse(url, flags, config));
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.warn(`${url} (${formFactor}): ${lhr.runtimeError.code}; running it again`);
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.LIGHTHOUSE_DETAILS === '1') printDetails(lhr, url, formFactor);
  if (process.env.LIGHTHOUSE_SAVE) {
    await mkdir(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    await writeFile(path.join(process.env.LIGHTHOUSE_SAVE, `${saveAs}.json`), JSON.stringify(lhr));
  }
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** LIGHTHOUSE_DETAILS=1: where the time goes (scripts' main-thread time, long tasks, the LCP element). */
function printDetails(lhr, url, formFactor) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const short = (address) => String(address).replace(/^https?:\/\/[^/]+/, '');
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  console.info(
    `  details of ${short(url)} (${formFactor}): perf ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, FCP ${(value('first-contentful-paint') / 1000).toFixed(2)} s, LCP ${(value('largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(value('total-blocking-time'))} ms, CLS ${value('cumulative-layout-shift').toFixed(3)}, load ${loadavg()[0].toFixed(2)}`,
  );
  for (const item of items('bootup-time').slice(0, 5)) {
    console.info(
      `    script ${short(item.url).padEnd(48)} total ${Math.round(item.total)} ms, scripting ${Math.round(item.scripting)} ms`,
    );
  }
  for (const item of items('long-tasks').slice(0, 8)) {
    console.info(
      `    long task at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms (${short(item.url)})`,
    );
  }
  for (const item of items('layout-shifts').slice(0, 3)) {
    console.info(`    layout shift ${item.score?.toFixed(3)}: ${item.node?.snippet?.slice(0, 100) ?? ''}`);
  }
  const lcp = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  if (lcp) console.info(`    LCP element: ${lcp.snippet?.slice(0, 120)}`);
  for (const item of items('lcp-lazy-loaded').concat(items('render-blocking-resources'))) {
    console.info(`    ${short(item.url ?? '')}`);
  }
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function medianOf(values) {
  if (values.length === 0) return 1533;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const pad = (value, width) => String(value).padStart(width);

async function main() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
    console.info('Building (npm run build)...');
    await run(process.execPath, ['scripts/build.mjs']);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-lighthouse-data-'));
  const port = Number(process.env.LIGHTHOUSE_PORT) || (await freePort());
  const base = `http://localhost:${port}`;
  const server = await startProcess(
    'server',
    [path.join(path.resolve(process.env.LIGHTHOUSE_ROOT || root), 'dist/server/main.js')],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    `${base}/healthz`,
  );
  let chromium;
  try {
    const seeded = await seed(base);
    const pages = [
      { key: 'landing', label: '/', url: `${base}/` },
      // Signed in, as the spec has it (a signed-out visitor is sent to the landing page).
      { key: 'pricing', label: '/pricing (signed in)', url: `${base}/pricing`, cookie: seeded.owner },
      {
        key: 'shared-code',
        label: '/shared/{token} (code)',
        url: `${base}/shared/${seeded.firstVisitToken}`,
      },
      {
        key: 'shared-verified',
        label: '/shared/{token} (verified)',
        url: `${base}/shared/${seeded.verifiedToken}`,
        cookie: seeded.recipient,
      },
      { key: 'dashboard', label: '/dashboard (signed in)', url: `${base}/dashboard`, cookie: seeded.owner },
    ];
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((key) => key.trim());
    const chosen = only ? pages.filter((page) => only.includes(page.key)) : pages;
    chromium = await launchChromium();
    console.info(
      `Lighthouse 12, median of ${RUNS} run(s) by performance; goals: mobile >= ${GOALS.performance}, LCP <= ${GOALS.lcpMs / 1000} s, TBT <= ${GOALS.tbtMs} ms, CLS < ${GOALS.cls}, /shared first visit <= ${GOALS.sharedFirstVisitKiB} KiB`,
    );
    console.info(
      `${'page'.padEnd(28)} ${'device'.padEnd(10)} perf  FCP s  LCP s  TBT ms    CLS  KiB  index  load   goals`,
    );
    const calibrate = process.env.LIGHTHOUSE_CALIBRATED !== '0';
    const indexes = [];
    for (const page of chosen) {
      const formFactors = calibrate ? ['mobile', 'mobile-cal', 'desktop'] : ['mobile', 'desktop'];
      // LIGHTHOUSE_DESKTOP=0: the phone rows only (a shorter run on a shared machine).
      const rows =
        process.env.LIGHTHOUSE_DESKTOP === '0' ? formFactors.filter((f) => f !== 'desktop') : formFactors;
      for (const formFactor of rows) {
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) {
          // The calibrated row takes the slowdown from the indexes measured so far on this machine.
          const slowdown = formFactor === 'mobile-cal' ? calibratedCpuSlowdown(medianOf(indexes)) : undefined;
          const device = formFactor === 'desktop' ? 'desktop' : 'mobile';
          const saveAs = `${page.key}-${formFactor}-${i + 1}`;
          const result = await measure(chromium.port, page.url, device, page.cookie, slowdown, saveAs);
          if (Number.isFinite(result.benchmarkIndex)) indexes.push(result.benchmarkIndex);
          runs.push({ ...result, slowdown });
        }
        const m = median(runs);
        const kib = m.bytes / 1024;
        // Beside each figure: this row's benchmarkIndex (median of its runs) and the load average.
        const rowIndex = medianOf(runs.map((r) => r.benchmarkIndex).filter(Number.isFinite));
        const rowLoad = loadavg()[0];
        const missed = [];
        if (formFactor !== 'desktop') {
          if (m.performance < GOALS.performance) missed.push('perf');
          if (m.lcpMs > GOALS.lcpMs) missed.push('LCP');
          if (m.tbtMs > GOALS.tbtMs) missed.push('TBT');
          if (page.key === 'shared-code' && kib > GOALS.sharedFirstVisitKiB) missed.push('bytes');
        }
        if (m.cls >= GOALS.cls) missed.push('CLS');
        console.info(
          `${page.label.padEnd(28)} ${formFactor.padEnd(10)} ${pad(m.performance, 4)} ${pad((m.fcpMs / 1000).toFixed(2), 6)} ${pad((m.lcpMs / 1000).toFixed(2), 6)} ${pad(Math.round(m.tbtMs), 7)} ${pad(m.cls.toFixed(3), 6)} ${pad(kib.toFixed(0), 4)} ${pad(Math.round(rowIndex), 6)} ${pad(rowLoad.toFixed(1), 5)}   ${missed.length ? `MISSED ${missed.join(', ')}` : 'met'}${m.slowdown ? ` (CPU ${m.slowdown.toFixed(1)}x)` : ''}`,
        );
      }
    }
    const index = medianOf(indexes);
    console.info(
      `benchmarkIndex of this machine (median of ${indexes.length} runs): ${Math.round(index)} (min ${Math.round(Math.min(...indexes))}, max ${Math.round(Math.max(...indexes))}); Lighthouse's default 4x suits ~1,533; calibrated slowdown here ${calibratedCpuSlowdown(index).toFixed(2)}x`,
    );
    const [load] = loadavg();
    console.info(
      `load average (1 min) at the end: ${load.toFixed(2)} (Lighthouse simulates the network and CPU; a busy machine still moves TBT)`,
    );
  } finally {
    await chromium?.close();
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
