import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Starts a worker thread of the entry `name` beside the module at `beside` (its import.meta.url). The
 * built server (scripts/build.mjs) has the entry as its own file beside main.js, `<name>.js`; from
 * TypeScript sources (tsx in development, vitest in tests) there is only `<name>.ts`, which a thread
 * can load once tsx's loader is registered in it (Node 20 does not apply `--import tsx` given in a
 * worker's execArgv to its entry, so a two-line bootstrap registers it first).
 */
export function startWorker(name: string, beside: string, resourceLimits: ResourceLimits): Worker {
  const built = new URL(`./${name}.js`, beside);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { resourceLimits });
  const source = new URL(`./${name}.ts`, beside).href;
  // tsx is a development dependency: only ever looked for when running from sources.
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}
