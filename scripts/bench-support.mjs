// Helpers the benchmarks share: a PostgreSQL database of their own, the built server as a child
// process, and API calls with a session cookie.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export { CHROMIUM_ARGS } from './chromium-args.mjs';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function withAdmin(work) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/** Starts a child process and resolves once `url` answers. */
export async function startProcess(label, args, env, url) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // A fresh local-mode server migrates its embedded database first: 33 s measured at load 12.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${label} exited before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${label} did not answer ${url} within 120 s`);
}

export async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** What Chromium's fetch() sends from one of our pages, besides the cookies. */
export function browserHeaders(base, page) {
  return {
    'user-agent':
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    accept: '*/*',
    'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd',
    'accept-language': 'en-US,en;q=0.9',
    'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
    'sec-ch-ua-mobile': '?1',
    'sec-ch-ua-platform': '"Android"',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'same-origin',
    referer: `${base}${page}`,
  };
}

/** The `name=value` of a cookie the answer sets, for sending it back. */
export function cookieOf(response, name) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => cookie.startsWith(`${name}=`));
}

export async function api(base, cookie, method, url, body) {
  const response = await fetch(new URL(url, base), {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * Builds the server and creates a PostgreSQL database of the benchmark's own on DATABASE_URL's
 * server; `drop()` removes it (and never throws).
 */
/**
 * Signs in (local mode's dev login) and raises the person's own team to enterprise in the database
 * (the server's limits stay as they are; a person's own team has their id, decision 0040).
 */
export async function enterpriseOwner(base, databaseUrl, email) {
  const login = await api(base, null, 'POST', '/api/dev/login', { email, displayName: 'Bench Owner' });
  const cookie = cookieOf(login, 'listsync_session');
  const { user } = await login.json();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update teams set tier = 'enterprise', manual_tier = 'enterprise' where id = $1`, [
    user.uid,
  ]);
  await db.end();
  return { cookie, user };
}

export async function prepareBench() {
  console.info('Building the server...');
  await run(process.execPath, ['scripts/build.mjs', '--server']);
  const name = `ls_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.href,
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((error) =>
        console.error(`Could not drop ${name}:`, error.message),
      ),
  };
}

/** The environment of one server instance on the benchmark's database (local mode, quiet logs). */
export function serverEnv(port, databaseUrl, dataDir, publicUrl) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_ENV: 'development',
  };
}

/** The p-th percentile of ascending values (NaN when there are none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints rows of cells as columns: the first left-aligned, the others right-aligned. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.info(
      row
        // Text at both ends (the label, the verdict) is left-aligned; the figures between, right.
        .map((cell, column) =>
          column === 0 || column === row.length - 1
            ? cell.padEnd(widths[column])
            : cell.padStart(widths[column]),
        )
        .join('  ')
        .trimEnd(),
    );
  }
}

/**
 * `count` owners signed in through local mode's dev login, each with their own team, raised to
 * Enterprise by SQL on `db` (a pg client of the benchmark's database). Answers their ids.
 */
export async function enterpriseOwners(base, db, label, count) {
  const owners = [];
  for (let n = 0; n < count; n += 1) {
    const login = await api(base, null, 'POST', '/api/dev/login', {
      email: `bench-${label}-${n}@example.com`,
      displayName: `Owner ${n}`,
    });
    owners.push((await login.json()).user.uid);
  }
  await db.query(`update teams set tier = 'enterprise', manual_tier = 'enterprise' where id = any($1)`, [
    owners,
  ]);
  return owners;
}

/**
 * `count` server instances (dist/server/main.js, local mode) on one database, started one after
 * another (the first migrates it), each with a data directory of its own. `stop()` ends them all.
 */
export async function startInstances(count, databaseUrl, label) {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const children = [];
  const dirs = [];
  const bases = [];
  const stop = async () => {
    for (const child of children) await stopProcess(child);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const dir = await mkdtemp(path.join(tmpdir(), `listsync-bench-${label}-`));
      dirs.push(dir);
      const base = `http://127.0.0.1:${port}`;
      children.push(
        await startProcess(
          `server ${i}`,
          ['dist/server/main.js'],
          serverEnv(port, databaseUrl, dir, base),
          `${base}/healthz`,
        ),
      );
      bases.push(base);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { bases, children, stop };
}
