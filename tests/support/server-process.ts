import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_START_MS } from './budgets.ts';

/** The real server (src/server/main.ts) in its own process, for start-up, shutdown and log tests. */

const root = path.resolve(import.meta.dirname, '../..');

export interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): Started {
  let stdout = '';
  let stderr = '';
  // Only what the server needs: no DATABASE_URL or OIDC settings leak in from the test environment.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

export async function listeningUrl(server: Started, timeoutMs = SERVER_START_MS): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.stdout());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.stdout()}\n${server.stderr()}`);
}

/**
 * Waits until `condition` holds, checking every 50 ms, up to `timeoutMs`: for what a spawned server
 * does in its own time (a log line, a refused connection), instead of a fixed pause that a busy
 * machine outruns.
 */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
