import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { LANGUAGE_CODES } from '#domain/languages';
import { loadConfig } from './config/index.ts';
import { appRoot } from './paths.ts';

/**
 * The deployment files (docs/deployment.md) against the code and the README: no container engine
 * runs here, so these checks are what keeps the image, the compose stack and the README saying the
 * same thing.
 */

const root = appRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerfile(): {
  stages: { name: string; from: string; instructions: Instruction[] }[];
  args: Instruction[];
} {
  const text = read('Dockerfile')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const stages: { name: string; from: string; instructions: Instruction[] }[] = [];
  const args: Instruction[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const instruction = { keyword: match[1] as string, args: (match[2] as string).trim() };
    if (instruction.keyword === 'FROM') {
      const [from = '', , name = ''] = instruction.args.split(/\s+/);
      stages.push({ name, from, instructions: [] });
    } else if (stages.length === 0) {
      args.push(instruction);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { stages, args };
}

/** An exec-form command (`["node", "x"]`) as its words. */
function execForm(args: string): string[] {
  const words: unknown = JSON.parse(args);
  if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return words;
}

/** KEY=VALUE lines of an env file. */
function envFile(file: string): Record<string, string> {
  const entries = read(file)
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      if (at < 1) throw new Error(`not KEY=VALUE: ${line}`);
      return [line.slice(0, at), line.slice(at + 1)] as const;
    });
  return Object.fromEntries(entries);
}

function readmeSection(title: string): string {
  const readme = read('README.md');
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The readiness route, as health.ts registers it and the README's Operations section names it. */
function readinessPath(): string {
  const registered = /app\.get\('(\/[a-z]+)',\s*\{\s*schema:\s*SCHEMAS\.readiness/.exec(
    read('src/server/http/routes/health.ts'),
  );
  if (!registered) throw new Error('no readiness route in src/server/http/routes/health.ts');
  const route = registered[1] as string;
  expect(readmeSection('Operations')).toContain(`\`GET ${route}\`: the database answers`);
  return route;
}

describe('Dockerfile', () => {
  const { stages, args } = dockerfile();
  const runtime = stages.at(-1);
  const of = (keyword: string) => runtime?.instructions.filter((i) => i.keyword === keyword) ?? [];

  it('is multi-stage: dependencies with npm ci, a build, a runtime with production dependencies only', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    const runs = (name: string) =>
      stages.find((stage) => stage.name === name)?.instructions.filter((i) => i.keyword === 'RUN') ?? [];
    expect(runs('deps').some((run) => /\bnpm ci\b/.test(run.args) && !run.args.includes('--omit'))).toBe(
      true,
    );
    expect(runs('build').some((run) => run.args.includes('npm run build'))).toBe(true);
    expect(runs('prod-deps').some((run) => /\bnpm ci\b.*--omit=dev/.test(run.args))).toBe(true);
    const copies = of('COPY').map((copy) => copy.args);
    expect(copies).toContain('--from=prod-deps /app/node_modules ./node_modules');
    expect(copies).toContain('--from=build /app/dist ./dist');
    expect(copies.some((copy) => copy.includes('--from=deps') || copy.startsWith('. '))).toBe(false);
  });

  it('starts from a Debian Node image that package.json engines allow', () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-(bookworm|trixie)-slim$/.exec(
      `${args[0]?.keyword} ${args[0]?.args}`,
    );
    expect(image, 'the first ARG names a Debian node:<major>-<release>-slim image').not.toBeNull();
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const minimum = Number(/^>=(\d+)/.exec(engines)?.[1]);
    expect(Number(image?.[1])).toBeGreaterThanOrEqual(minimum);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own variable, as written there
    for (const stage of stages) expect(['${NODE_IMAGE}', 'deps']).toContain(stage.from);
  });

  it('runs as a non-root user, with the start command of npm start and the deployment guide', () => {
    const user = of('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const cmd = execForm(of('CMD').at(-1)?.args ?? 'null').join(' ');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(cmd).toBe(scripts.start);
    // The file it runs is in the image with the scripts it imports, and so is what that file starts.
    const startScript = cmd.split(' ')[1] ?? '';
    const copied = of('COPY').find((copy) => copy.args.split(/\s+/).includes(startScript));
    expect(copied?.args.split(/\s+/).at(-1)).toBe('./scripts/');
    const imported = [...read(startScript).matchAll(/from '\.\/([\w.-]+\.mjs)'/g)].map((m) => m[1]);
    expect(imported).toContain('build-stamp.mjs');
    for (const file of imported) expect(copied?.args.split(/\s+/)).toContain(`scripts/${file}`);
    expect(read('scripts/start.mjs')).toContain("'dist/server/main.js'");
    // The deployment guide (the Enterprise card's 'Custom deployment') says so.
    const deployment = read('docs/deployment.md');
    expect(deployment).toContain('`npm start`');
    expect(deployment).toContain(`\`${cmd}\``);
  });

  it('checks health on the readiness route and the port it listens on', () => {
    const healthchecks = of('HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    const check = /^(?:--\S+\s+)*CMD (\[.*\])$/.exec(healthchecks[0]?.args ?? '');
    expect(check).not.toBeNull();
    const words = execForm(check?.[1] ?? 'null');
    expect(words.join(' ')).toContain(`'${readinessPath()}'`);
    const env = of('ENV')
      .map((e) => e.args)
      .join(' ');
    expect(env).toMatch(/\bPORT=5000\b/);
    expect(words.join(' ')).toContain('process.env.PORT || 5000');
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    expect(of('EXPOSE').map((e) => e.args)).toEqual(['5000']);
  });

  it('bakes in no secret, and has apertium only by a build argument', () => {
    const text = read('Dockerfile');
    expect(text).not.toMatch(/^\s*(ENV|ARG)\s+[^#\n]*(SECRET|TOKEN|PASSWORD|_KEY)/im);
    expect(of('ARG').map((a) => a.args)).toContain('APERTIUM_PACKAGES=""');
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '.env', '.env.*', '.git', 'dist', 'data', 'deploy/compose.env']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});

describe('compose.yaml', () => {
  type Service = {
    image?: string;
    build?: unknown;
    healthcheck?: { test: string[] };
    depends_on?: Record<string, { condition: string }>;
    env_file?: string;
    environment?: Record<string, string>;
    volumes?: string[];
    ports?: string[];
  };
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const apps = ['app1', 'app2'];

  it('has PostgreSQL, an S3 store, a mail catcher, LibreTranslate, two app instances and a balancer', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'balancer', 'createbucket', 'libretranslate', 'mailpit', 'minio', 'postgres'].sort(),
    );
    // The official image, loading only our languages (each of them), so a compose user gets neural
    // translation with nothing to configure (decision 0056).
    expect(services.libretranslate?.image).toMatch(/^libretranslate\/libretranslate:/);
    // Every one of ours its model index has: all but Vietnamese (argospm-index, docs/languages.md). A
    // code it lacks stops every model from loading, so vi must not be named.
    const loaded = String(services.libretranslate?.environment?.LT_LOAD_ONLY).split(',');
    expect([...loaded].sort()).toEqual(LANGUAGE_CODES.filter((code) => code !== 'vi').sort());
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.minio?.image).toMatch(/minio/);
    expect(services.mailpit?.image).toMatch(/mailpit/);
    expect(services.balancer?.image).toMatch(/^haproxy:/);
    for (const app of apps) expect(services[app]?.build).toBe('.');
  });

  it('health-checks every long-running service; apps wait for what they need, the balancer for the apps', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'createbucket') continue;
      expect(service.healthcheck?.test?.[0], name).toMatch(/^CMD/);
    }
    for (const app of apps) {
      expect(services[app]?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        minio: { condition: 'service_healthy' },
        createbucket: { condition: 'service_completed_successfully' },
        mailpit: { condition: 'service_healthy' },
        libretranslate: { condition: 'service_healthy' },
      });
    }
    expect(services.balancer?.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });

  it('checks the apps as the image does, on the readiness route', () => {
    const image = /HEALTHCHECK (?:--\S+\s+)*CMD (\[.*\])/.exec(read('Dockerfile').replace(/\\\n\s*/g, ''));
    for (const app of apps) {
      expect(services[app]?.healthcheck?.test).toEqual(['CMD', ...execForm(image?.[1] ?? 'null')]);
    }
    expect(services.app1?.healthcheck?.test.join(' ')).toContain(`'${readinessPath()}'`);
  });

  it('balances over both apps on the readiness route, with WebSockets passed through', () => {
    const mounts = services.balancer?.volumes ?? [];
    const config = mounts.find((mount) => mount.endsWith('/haproxy.cfg:ro'))?.split(':')[0];
    expect(config).toBe('./deploy/haproxy.cfg');
    const haproxy = read('deploy/haproxy.cfg');
    for (const app of apps) expect(haproxy).toMatch(new RegExp(`^\\s*server ${app} ${app}:5000\\b`, 'm'));
    expect(haproxy).toMatch(new RegExp(`http-check send meth GET uri ${readinessPath()}\\s*$`, 'm'));
    expect(haproxy).toMatch(/^\s*timeout tunnel \S+/m);
    expect(haproxy).toMatch(/^\s*option forwardfor\b/m);
    expect(haproxy).toMatch(/^\s*http-request del-header X-Forwarded-For\b/m);
  });

  it('cuts slow clients at the balancer: headers and small bodies within its http-request clock', () => {
    const haproxy = read('deploy/haproxy.cfg');
    expect(haproxy).toMatch(/^\s*timeout http-request 10s\b/m);
    expect(haproxy).toMatch(/^\s*option http-buffer-request\b/m);
  });

  it('gives the apps a production configuration that starts (the example, with its fake secrets)', () => {
    for (const app of apps) expect(services[app]?.env_file).toBe('deploy/compose.env');
    const env = envFile('deploy/compose.env.example');
    const config = loadConfig({ ...env, PATH: '' });
    expect(config.appEnv).toBe('production');
    expect(config.localServices).toEqual([]);
    expect(config.database.kind).toBe('postgres');
    expect(config.email).toMatchObject({ kind: 'smtp', url: 'smtp://mailpit:1025' });
    expect(config.photoStorage).toMatchObject({
      kind: 's3',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(config.metrics).toEqual({ port: 9464, host: '0.0.0.0', token: null });
    expect(config.translation).toEqual({ kind: 'libretranslate', url: 'http://libretranslate:5000' });
    // The compose services read the same values.
    expect(new URL(env.DATABASE_URL ?? '').password).toBe(env.POSTGRES_PASSWORD);
    expect(new URL(env.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(services.minio?.environment?.MINIO_ROOT_USER).toMatch(/^\$\{S3_ACCESS_KEY_ID:\?/);
    // Every secret in the example says it is fake.
    for (const name of [
      'APP_SECRET',
      'POSTGRES_PASSWORD',
      'OIDC_CLIENT_SECRET',
      'TWILIO_AUTH_TOKEN',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(env[name], name).toMatch(/FAKE/);
    }
    // The real settings and the balancer's key stay out of git.
    const ignored = read('.gitignore').split('\n');
    expect(ignored).toContain('deploy/compose.env');
    expect(ignored).toContain('deploy/certs/');
  });
});
