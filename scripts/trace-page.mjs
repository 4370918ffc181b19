#!/usr/bin/env node
// `npm run bench:trace`: where a page's first load spends the main thread, task by task, to judge what a
// change removed when Lighthouse's figures move with the machine's load. Loads one page of a production
// build (served in local mode, seeded as bench-lighthouse does) in Debian's Chromium with a phone's
// viewport, records a Chrome trace with V8's sampling profiler, and prints:
// - per run, after the first paint: the main thread's busy time, wall and CPU (the thread's own time:
//   on a busy machine a task's wall time also holds the time other processes had the CPU), and the
//   blocking time Lighthouse would count at its 4x slowdown (tasks over 12.5 ms, from wall and from CPU);
// - every task of TRACE_LONG_MS or more (default 12.5: 50 at 4x) with what ran in it: the trace's events
//   (parse, script, style, layout, and style or layout forced by script), the sampled JavaScript by
//   function and by source file through the build's source maps, and the innermost frame of our own code;
// - the medians over the runs, and per page its long tasks (50 ms or more as measured: at the default
//   4x slowdown, Lighthouse's long tasks): how many, the longest and the total blocking (each task's
//   time over 50 ms), from the navigation to 3 s after the network is idle. Figures only: nothing is asserted.
// TRACE_PAGE: one page or a comma list of landing, pricing, dashboard, checklist, shared-code (the
// recipient's code screen), shared-verified (the shared page with a grant); default all six, each
// signed in where the spec requires it. TRACE_RUNS (default 3); TRACE_CPU: a CPU slowdown (default 4,
// Lighthouse's mobile; 1 as Lighthouse observes before it simulates); TRACE_DETAILS=1 lists every long
// task as below (the default with one page); TRACE_CHECKLISTS: the owner's list
// (default 2, as bench-lighthouse; more than 5 buys the professional plan in the test checkout);
// TRACE_ROOT: a folder holding another build's dist/ (with package.json and node_modules beside it), to
// compare two builds run after run; TRACE_SAVE=file.json keeps the last trace (Chrome's Performance
// panel opens it); TRACE_LINES: lines per list. TRACE_REACT=1 lists React's own tracks from a build of React's profiling
// runtime; the app runs on Preact since decision 0070, whose builds have none.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { api, CHROMIUM_ARGS, cookieOf, freePort, root, startProcess, stopProcess } from './bench-support.mjs';

const CPU = Number(process.env.TRACE_CPU || 4);
const LONG_MS = Number(process.env.TRACE_LONG_MS || (50 * CPU) / 4);
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS || 3));
const ALL_PAGES = ['landing', 'pricing', 'dashboard', 'checklist', 'shared-code', 'shared-verified'];
const PAGES = (process.env.TRACE_PAGE || ALL_PAGES.join(',')).split(',').map((key) => key.trim());
const DETAILS = process.env.TRACE_DETAILS === '1' || PAGES.length === 1;
const BUILD = path.resolve(process.env.TRACE_ROOT || root);

async function seed(base) {
  const login = await api(base, null, 'POST', '/api/dev/login', {
    email: 'bench-lighthouse@example.com',
    displayName: 'Alex Host',
  });
  const owner = cookieOf(login, 'listsync_session');
  const tasks = (count) =>
    Array.from({ length: count }, (_, index) => ({
      description: `Task ${index + 1} of the turnover`,
      details: 'Follow the house manual; note anything broken in the remarks.',
      photoRequired: index % 4 === 3,
    }));
  const checklist = await (
    await api(base, owner, 'POST', '/api/checklists', { name: 'Turnover: Beach House', tasks: tasks(10) })
  ).json();
  await api(base, owner, 'POST', '/api/checklists', { name: 'Move-out inspection: Flat 2', tasks: tasks(5) });
  // TRACE_CHECKLISTS: a longer list (a professional plan holds 100): more than the free plan's 5
  // needs the plan, bought through local mode's test checkout.
  const more = Number(process.env.TRACE_CHECKLISTS || 2) - 2;
  if (more > 3) {
    const { url } = await (
      await api(base, owner, 'POST', '/api/create-subscription', { tier: 'professional' })
    ).json();
    const session = url.split('/').at(-1);
    await api(base, owner, 'POST', `/api/billing/test-checkout/${session}/complete`);
    // The webhook lands on its own: wait for the plan.
    for (let tries = 0; tries < 50; tries += 1) {
      const me = await (await api(base, owner, 'GET', '/api/auth/me')).json();
      const plan = await (await api(base, owner, 'GET', `/api/user/${me.user.uid}/subscription`)).json();
      if (plan.tier === 'professional') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  for (let index = 0; index < more; index += 1) {
    await api(base, owner, 'POST', '/api/checklists', {
      name: `Turnover: Flat ${index + 3}`,
      tasks: tasks(4),
    });
  }
  // Two links to the first checklist: one verified in advance (the shared page with a grant), one
  // left at its code screen.
  const share = (email) =>
    api(base, owner, 'POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email,
      recipientName: 'Sam Cleaner',
    }).then((response) => response.json());
  const verified = await share('cleaner@example.com');
  const atTheCode = await share('second-cleaner@example.com');
  const grant = await api(base, null, 'POST', '/api/verification/verify', {
    token: verified.token,
    code: verified.verificationCode,
  });
  const recipient = cookieOf(grant, 'listsync_recipient');
  return {
    landing: { path: '/' },
    pricing: { path: '/pricing', cookie: owner },
    dashboard: { path: '/dashboard', cookie: owner },
    checklist: { path: `/checklist/${checklist.id}`, cookie: owner },
    'shared-code': { path: `/shared/${atTheCode.token}` },
    'shared-verified': { path: `/shared/${verified.token}`, cookie: recipient },
  };
}

/** The build's source maps, by the script's path (/assets/x.js). */
async function sourceMaps() {
  const dir = path.join(BUILD, 'dist/client/assets');
  const maps = new Map();
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.js.map')) continue;
    const raw = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    maps.set(`/assets/${name.slice(0, -'.map'.length)}`, new SourceMapConsumer(raw));
  }
  return maps;
}

function originalOf(maps, frame) {
  const address = frame.url ? new URL(frame.url, 'http://x').pathname : '';
  const map = maps.get(address);
  if (!map) {
    const where = address || '(native)';
    return { file: where, name: `${frame.functionName || '(anonymous)'} ${where}` };
  }
  const position = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = (position.source ?? address)
    .replace(/^(\.\.\/)+/, '')
    .replace(/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, 'npm:');
  const name = position.name ?? frame.functionName ?? '(anonymous)';
  return { file, name: `${name || '(anonymous)'} ${file}:${position.line ?? '?'}` };
}

/** The page's navigation (its renderer's main thread): the navigationStart of a document at `origin`. */
function navigationOf(events, origin) {
  const starts = events.filter(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(origin),
  );
  return starts.at(-1) ?? null;
}

/** V8's samples on that thread: [{ts, stack: [frames leaf first]}]. */
function samplesOf(events, pid, tid) {
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid)
      profiles.set(event.id, { ts: event.args.data.startTime });
  }
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || !profiles.has(event.id)) continue;
    const profile = profiles.get(event.id);
    const data = event.args.data;
    for (const node of data.cpuProfile?.nodes ?? [])
      nodes.set(`${event.id}:${node.id}`, { ...node, profile: event.id });
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i += 1) {
      profile.ts += deltas[i] ?? 0;
      samples.push({ ts: profile.ts, node: `${event.id}:${ids[i]}` });
    }
  }
  const stackOf = (key) => {
    const stack = [];
    for (
      let node = nodes.get(key);
      node;
      node = node.parent ? nodes.get(`${node.profile}:${node.parent}`) : null
    ) {
      stack.push(node.callFrame);
    }
    return stack;
  };
  return samples.map((sample) => ({ ts: sample.ts, stack: stackOf(sample.node) }));
}

const INTERESTING = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'XHRReadyStateChange',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'ParseAuthorStyleSheet',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'BlinkGC.AtomicPhase',
  'v8.run',
  'ResourceReceivedData',
]);

function top(map, count) {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

function report(events, maps, origin, summary) {
  const navigation = navigationOf(events, origin);
  if (!navigation) throw new Error(`No navigation to ${origin} in the trace`);
  const { pid, tid } = navigation;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  const zero = navigation.ts;
  const samples = samplesOf(events, pid, tid);
  const reactTracks = events
    .filter((event) => event.name === 'TimeStamp' && event.pid === pid && event.args?.data?.track)
    .map((event) => event.args.data);
  const tasks = onMain.filter(
    (event) => event.name === 'RunTask' && event.ts >= zero && event.dur >= LONG_MS * 1000,
  );
  const cpu = (task) => (task.tdur ?? task.dur) / 1000;
  const fcp = events.find((event) => event.pid === pid && event.name === 'firstContentfulPaint');
  const afterPaint = onMain.filter((event) => event.name === 'RunTask' && fcp && event.ts >= fcp.ts);
  // Lighthouse's mobile run observes tasks unthrottled and counts them 4x slower: the same sum here,
  // scaled from this trace's own slowdown (read it at TRACE_CPU=1, as Lighthouse's trace is taken).
  const scale = 4 / CPU;
  const blocking = afterPaint.reduce((sum, task) => sum + Math.max(0, (task.dur / 1000) * scale - 50), 0);
  const busy = afterPaint.reduce((sum, task) => sum + task.dur / 1000, 0);
  // The same from the thread's own CPU time: on a busy machine a task's wall time also counts the
  // time other processes had the CPU, which is noise here.
  const busyCpu = afterPaint.reduce((sum, task) => sum + cpu(task), 0);
  const blockingCpu = afterPaint.reduce((sum, task) => sum + Math.max(0, cpu(task) * scale - 50), 0);
  const biggest = [...afterPaint]
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 6)
    .map(
      (task) =>
        `${(task.dur / 1000).toFixed(0)}/${cpu(task).toFixed(0)}@${((task.ts - zero) / 1000).toFixed(0)}`,
    );
  const marks = events
    .filter(
      (event) =>
        event.pid === pid &&
        ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(event.name),
    )
    .map((event) => `${event.name.replace('::Candidate', '')} ${((event.ts - zero) / 1000).toFixed(0)} ms`);
  console.info(
    `  after the first paint: main thread busy ${busy.toFixed(0)} ms (CPU ${busyCpu.toFixed(0)}), blocking as at 4x ${blocking.toFixed(0)} ms (CPU ${blockingCpu.toFixed(0)}); biggest tasks (wall/CPU ms @ ms) ${biggest.join(' ')}; ${marks.join(', ')}`,
  );
  const longestCpu = Math.max(0, ...afterPaint.map(cpu));
  // Long tasks as Lighthouse names them (50 ms or more at its slowdown), from the navigation on.
  const long = onMain.filter((event) => event.name === 'RunTask' && event.ts >= zero && event.dur >= 50_000);
  const longTasks = {
    count: long.length,
    longest: Math.max(0, ...long.map((task) => task.dur / 1000)),
    blocking: long.reduce((sum, task) => sum + task.dur / 1000 - 50, 0),
  };
  console.info(
    `  long tasks (>= 50 ms as measured): ${longTasks.count}, longest ${longTasks.longest.toFixed(0)} ms, blocking ${longTasks.blocking.toFixed(0)} ms`,
  );
  summary.push({ busy, blocking, busyCpu, blockingCpu, longestCpu, longTasks });
  if (!DETAILS) return;
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + task.dur;
    const inside = onMain.filter(
      (event) => event !== task && event.ts >= start && event.ts + (event.dur ?? 0) <= end,
    );
    const kinds = new Map();
    for (const event of inside) {
      if (!INTERESTING.has(event.name)) continue;
      // Only the outermost of each kind (a FunctionCall inside a FunctionCall counts once).
      const nested = inside.some(
        (other) =>
          other !== event &&
          other.name === event.name &&
          other.ts <= event.ts &&
          other.ts + other.dur >= event.ts + event.dur &&
          other.dur > event.dur,
      );
      if (nested) continue;
      const label =
        event.name === 'EvaluateScript' || event.name === 'v8.compile' || event.name === 'v8.compileModule'
          ? `${event.name} ${(event.args?.data?.url ?? event.args?.fileName ?? '').replace(origin, '')}`
          : event.name === 'FunctionCall'
            ? `FunctionCall ${(event.args?.data?.url ?? '').replace(origin, '')}`
            : event.name;
      kinds.set(label, (kinds.get(label) ?? 0) + event.dur / 1000);
    }
    // Style or layout forced by script (it carries the stack that asked for it).
    for (const event of inside) {
      if (!['UpdateLayoutTree', 'Layout'].includes(event.name) || event.dur < 1000) continue;
      const stack = event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace;
      if (!stack?.length) continue;
      const frames = stack
        .slice(0, 4)
        .map(
          (frame) =>
            originalOf(maps, {
              ...frame,
              lineNumber: frame.lineNumber - 1,
              columnNumber: frame.columnNumber - 1,
            }).name,
        )
        .join(' < ');
      console.info(`    forced ${event.name} ${(event.dur / 1000).toFixed(1)} ms by ${frames}`);
    }
    const within = samples.filter((sample) => sample.ts >= start && sample.ts <= end);
    const self = new Map();
    const files = new Map();
    const own = new Map();
    const weight = within.length ? task.dur / 1000 / within.length : 0;
    for (const sample of within) {
      const leaf = sample.stack[0];
      const leafName = leaf
        ? leaf.url
          ? originalOf(maps, leaf).name
          : `(${leaf.functionName || 'program'})`
        : '(idle)';
      self.set(leafName, (self.get(leafName) ?? 0) + weight);
      // The innermost frame of our own code (src/), and what it was doing: who asked for the time.
      const mine = sample.stack.find((frame) => frame.url && originalOf(maps, frame).file.startsWith('src/'));
      if (mine) {
        const label = `${originalOf(maps, mine).name} <- ${leafName}`;
        own.set(label, (own.get(label) ?? 0) + weight);
      }
      const seen = new Set();
      for (const frame of sample.stack) {
        if (!frame.url) continue;
        const file = originalOf(maps, frame).file;
        if (seen.has(file)) continue;
        seen.add(file);
        files.set(file, (files.get(file) ?? 0) + weight);
      }
    }
    console.info(
      `\n  task at ${((start - zero) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms (CPU ${cpu(task).toFixed(0)} ms)`,
    );
    console.info(
      `    events: ${top(kinds, 8)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
        .join('; ')}`,
    );
    // React's performance tracks (a build with LISTSYNC_REACT_PROFILING=1): its phases and components.
    const react = reactTracks.filter((entry) => entry.start < end && entry.end > start);
    if (react.length) {
      const phases = react.filter((entry) => entry.trackGroup && entry.end > entry.start);
      console.info(
        `    React: ${phases.map((entry) => `${entry.track} ${entry.message} ${((entry.end - entry.start) / 1000).toFixed(1)}`).join('; ')}`,
      );
      const components = react
        .filter((entry) => entry.track === 'Components ⚛' && entry.end > entry.start)
        .sort((a, b) => b.end - b.start - (a.end - a.start))
        .slice(0, 12);
      console.info(
        `    components (with their children): ${components.map((entry) => `${entry.message} ${((entry.end - entry.start) / 1000).toFixed(1)}`).join('; ')}`,
      );
    }
    console.info('    self (sampled):');
    for (const [name, ms] of top(self, 10)) console.info(`      ${ms.toFixed(1).padStart(6)} ms  ${name}`);
    console.info('    innermost own code <- self (sampled):');
    for (const [label, ms] of top(own, Number(process.env.TRACE_LINES || 8)))
      console.info(`      ${ms.toFixed(1).padStart(6)} ms  ${label}`);
    console.info('    on the stack, by source file (sampled):');
    for (const [file, ms] of top(files, Number(process.env.TRACE_LINES || 14)))
      console.info(`      ${ms.toFixed(1).padStart(6)} ms  ${file}`);
  }
}

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** One load of `target` in a fresh context (its cookie set), traced until 3 s after the network is idle. */
async function tracePage(browser, base, target, file) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (target.cookie) {
      const [name, ...value] = target.cookie.split('=');
      await context.setCookie({ name, value: value.join('='), domain: 'localhost', path: '/' });
    }
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await page.emulateCPUThrottling(CPU);
    // React times each component only with DevTools present: a stand-in hook says it is.
    if (process.env.TRACE_REACT === '1') {
      await page.evaluateOnNewDocument(() => {
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => {},
          onScheduleFiberRoot: () => {},
          onCommitFiberRoot: () => {},
          onPostCommitFiberRoot: () => {},
          onCommitFiberUnmount: () => {},
        };
      });
    }
    await page.tracing.start({ path: file, categories: TRACE_CATEGORIES });
    await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle0' });
    // The idle callbacks (whenIdle: at most 2 s) and what they start.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.tracing.stop();
    return JSON.parse(await readFile(file, 'utf8')).traceEvents;
  } finally {
    await context.close();
  }
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'toplevel',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'v8',
];

async function main() {
  const maps = await sourceMaps();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-trace-data-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startProcess(
    'server',
    [path.join(BUILD, 'dist/server/main.js')],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    `${base}/healthz`,
  );
  let browser;
  try {
    const pages = await seed(base);
    browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const table = [];
    for (const key of PAGES) {
      if (!pages[key]) throw new Error(`TRACE_PAGE: no page '${key}' (${ALL_PAGES.join(', ')})`);
      const summary = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const traceEvents = await tracePage(
          browser,
          base,
          pages[key],
          path.join(dataDir, `trace-${run}.json`),
        );
        console.info(
          `\n${key} run ${run} of ${RUNS}, CPU ${CPU}x, build ${BUILD}, load average ${loadavg()[0].toFixed(2)}`,
        );
        report(traceEvents, maps, base, summary);
        if (process.env.TRACE_SAVE && run === RUNS)
          await writeFile(process.env.TRACE_SAVE, JSON.stringify({ traceEvents }));
      }
      console.info(
        `\n${key}, ${RUNS} run(s), medians after the first paint: busy ${middle(summary.map((run) => run.busy)).toFixed(0)} ms (CPU ${middle(summary.map((run) => run.busyCpu)).toFixed(0)}), blocking as at 4x ${middle(summary.map((run) => run.blocking)).toFixed(0)} ms (CPU ${middle(summary.map((run) => run.blockingCpu)).toFixed(0)}; each, wall/CPU: ${summary.map((run) => `${run.blocking.toFixed(0)}/${run.blockingCpu.toFixed(0)}`).join(', ')}); longest task's CPU ${middle(summary.map((run) => run.longestCpu)).toFixed(1)} ms; load average ${loadavg()[0].toFixed(2)}`,
      );
      table.push({ key, runs: summary.map((run) => run.longTasks), load: loadavg()[0] });
    }
    console.info(
      `\nLong tasks per page, CPU ${CPU}x, median of ${RUNS} run(s) (each run: count/longest/blocking):`,
    );
    console.info(`${'page'.padEnd(16)} count  longest ms  blocking ms  load   runs`);
    for (const { key, runs, load } of table) {
      const runsText = runs
        .map((r) => `${r.count}/${r.longest.toFixed(0)}/${r.blocking.toFixed(0)}`)
        .join(' ');
      console.info(
        `${key.padEnd(16)} ${String(middle(runs.map((r) => r.count))).padStart(5)}  ${middle(
          runs.map((r) => r.longest),
        )
          .toFixed(0)
          .padStart(10)}  ${middle(runs.map((r) => r.blocking))
          .toFixed(0)
          .padStart(11)}  ${load.toFixed(2).padStart(5)}  ${runsText}`,
      );
    }
  } finally {
    await browser?.close();
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
