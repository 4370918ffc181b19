import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema } from '#domain/errors';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Issue 16, item 7: bad input is a 400, never a 500. Every route Fastify registers (taken from its
 * onRoute hook, so a new route is fuzzed without a change here) gets generated requests: bodies built
 * from its own body schema with bad leaves (NUL, huge numbers, odd unicode, prototype keys, deep
 * nesting), wrong content types, malformed multipart, junk queries, path parameters and headers,
 * signed out, as an owner and as a verified recipient. No answer may be a 5xx, and every JSON error
 * must have the error shape of docs/errors.md ({error: {code, message}}); the app's answer check (tests/support) also
 * refuses any status or body a route does not declare.
 *
 * Seeded: the seed is printed on failure; FUZZ_SEED=<n> replays it, FUZZ_RUNS=<n> runs more per route.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

const routes: RouteOptions[] = [];
const t = setupTestApp({ onRoute: (route) => routes.push(route) });

/** The provider's own paths (oidc-provider answers them in OpenID's error shape, hijacked). */
const answeredByTheProvider = (url: string) => url === '/oidc/*';

// ---------------------------------------------------------------------------------------------
// Values

const NASTY_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '%00',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '\u202eevil',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(10_001),
  '1e309',
  '-0',
  'NaN',
  '9'.repeat(400),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '{"a":1}',
  ' ',
];
const NASTY_NUMBERS = [0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 30 }).map((s) => `${s}\u0000${s}`),
);
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.double({ noNaN: true }), fc.integer());

/** Any JSON value, nested up to `depth`, with prototype-pollution keys among its keys. */
const junkJson = (depth: number): fc.Arbitrary<unknown> =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: depth },
      nastyString,
      nastyNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.string()),
        tie('value'),
        {
          maxKeys: 4,
        },
      ),
    ),
  })).value;

/** JSON text nested `levels` deep: [[[…]]] or {"a":{"a":…}} (as text: fast-check need not print it). */
const deeplyNested = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
  .map(([levels, asArray]) =>
    asArray
      ? `${'['.repeat(levels)}${']'.repeat(levels)}`
      : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`,
  );

/** Percent-encoded as a client would send it (a lone surrogate becomes U+FFFD, as browsers do). */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

// ---------------------------------------------------------------------------------------------
// Bodies from the route's own schema: plausible values with bad ones mixed in

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
};

function jsonSchemaOf(schema: unknown): { root: JsonSchema; defs: Record<string, JsonSchema> } | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    return { root, defs: root.$defs ?? {} };
  } catch {
    return null;
  }
}

/** Known ids and tokens of this file's owner, checklist, task, share: so requests get past "not found". */
let known: string[] = [];

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [fc.string({ maxLength: 20 })];
  if (schema.format === 'email') choices.push(fc.emailAddress());
  if (schema.pattern) {
    try {
      choices.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length < 300));
    } catch {
      // A pattern fast-check cannot read: the other choices stand.
    }
  }
  if (schema.maxLength !== undefined) {
    choices.push(fc.constant('y'.repeat(schema.maxLength)), fc.constant('y'.repeat(schema.maxLength + 1)));
  }
  if (known.length) choices.push(fc.constantFrom(...known));
  return fc.oneof(...choices);
}

function fromSchema(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return junkJson(1);
  if (schema.$ref) {
    const target = defs[schema.$ref.replace(/^#\/\$defs\//, '')];
    return target ? fromSchema(target, defs, depth + 1) : junkJson(2);
  }
  let plausible: fc.Arbitrary<unknown>;
  const alternatives = schema.anyOf ?? schema.oneOf;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.const !== undefined) plausible = fc.constant(schema.const);
  else if (schema.enum) plausible = fc.constantFrom(...schema.enum);
  else if (alternatives?.length)
    plausible = fc.oneof(...alternatives.map((s) => fromSchema(s, defs, depth + 1)));
  else if (schema.allOf?.[0]) plausible = fromSchema(schema.allOf[0], defs, depth + 1);
  else if (type === 'object' || schema.properties) {
    const properties = schema.properties ?? {};
    const entries = Object.entries(properties).map(
      ([key, value]) => [key, fromSchema(value, defs, depth + 1)] as const,
    );
    const required = (schema.required ?? []).filter((key) => key in properties);
    plausible = fc
      .tuple(
        fc.record(Object.fromEntries(entries), { requiredKeys: required }),
        fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'), junkJson(2))),
      )
      .map(([record, extra]) => {
        if (!extra) return record;
        // Through JSON text, so a "__proto__" key is an own key as a client would send it.
        return JSON.parse(
          `${JSON.stringify(record).slice(0, -1)}${Object.keys(record).length ? ',' : ''}${JSON.stringify(extra[0])}:${JSON.stringify(extra[1])}}`,
        );
      });
  } else if (type === 'array') {
    plausible = fc.array(fromSchema(schema.items ?? {}, defs, depth + 1), { maxLength: 4 });
  } else if (type === 'string') plausible = plausibleString(schema);
  else if (type === 'integer' || type === 'number') {
    plausible = fc.integer({
      min: Math.max(schema.minimum ?? -1000, -1000),
      max: Math.min(schema.maximum ?? 1000, 1000),
    });
  } else if (type === 'boolean') plausible = fc.boolean();
  else if (type === 'null') plausible = fc.constant(null);
  else plausible = junkJson(2);
  // Mostly plausible, so requests reach the service and the database; now and then something bad.
  return fc.oneof(
    { arbitrary: plausible, weight: 6 },
    { arbitrary: fc.oneof(nastyString, nastyNumber, fc.constant(null)), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

interface FuzzRequest {
  identity: 'nobody' | 'owner' | 'recipient';
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

const pathParameter = fc.oneof(
  { arbitrary: fc.constant('KNOWN'), weight: 3 },
  { arbitrary: nastyString, weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);

function multipartBody(): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  const part = fc.record({
    name: fc.oneof(fc.constantFrom('photo', 'file', 'photo[]', ''), nastyString),
    filename: fc.option(fc.oneof(fc.constantFrom('a.jpg', 'x.png', '../../a.jpg'), nastyString)),
    type: fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream', ''),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])),
      fc.constant(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
    ),
  });
  return fc
    .record({
      boundary: fc.constantFrom('XyZ', 'a'.repeat(71), '--', 'b'),
      declared: fc.constantFrom('same', 'other', 'none', 'empty'),
      parts: fc.array(part, { maxLength: 3 }),
      close: fc.boolean(),
      truncateAt: fc.option(fc.nat({ max: 400 })),
    })
    .map(({ boundary, declared, parts, close, truncateAt }) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const disposition = `form-data; name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}`;
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
          ),
          p.content,
          Buffer.from('\r\n'),
        );
      }
      if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let body = Buffer.concat(chunks);
      if (truncateAt !== null) body = body.subarray(0, truncateAt);
      const contentType =
        declared === 'same'
          ? `multipart/form-data; boundary=${boundary}`
          : declared === 'other'
            ? 'multipart/form-data; boundary=somethingElse'
            : declared === 'none'
              ? 'multipart/form-data'
              : 'multipart/form-data; boundary=';
      return { contentType, body };
    });
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type FuzzBody = { contentType?: string; payload?: string | Buffer };

function bodyFor(route: RouteOptions): fc.Arbitrary<FuzzBody> {
  const schema = jsonSchemaOf(route.schema?.body);
  const json = schema ? fromSchema(schema.root, schema.defs) : junkJson(3);
  return fc.oneof(
    {
      arbitrary: json.map((value) => ({
        contentType: 'application/json',
        payload: JSON.stringify(value) ?? 'null',
      })),
      weight: 8,
    },
    {
      arbitrary: junkJson(3).map((value) => ({
        contentType: 'application/json',
        payload: JSON.stringify(value) ?? 'null',
      })),
      weight: 2,
    },
    {
      arbitrary: deeplyNested.map((value) => ({
        contentType: 'application/json',
        payload: JSON.stringify(value),
      })),
      weight: 1,
    },
    {
      arbitrary: multipartBody().map(({ contentType, body }) => ({ contentType, payload: body })),
      weight: 4,
    },
    {
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/octet-stream',
          'image/jpeg',
          'multipart/form-data; boundary=x',
          'application/json'.repeat(40),
          ';;;',
        ),
        payload: fc.oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            'null',
            '""',
            '\u0000',
            '{"__proto__":{"x":1}}',
            'a=1&a=2&__proto__[x]=1',
          ),
          fc.string({ unit: 'binary', maxLength: 100 }),
        ),
      }),
      weight: 3,
    },
    { arbitrary: fc.constant<FuzzBody>({}), weight: 1 },
  );
}

function requestFor(route: RouteOptions, method: string): fc.Arbitrary<FuzzRequest> {
  const names = [...String(route.url).matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const wildcard = String(route.url).endsWith('*');
  return fc
    .record({
      identity: fc.constantFrom('nobody', 'owner', 'recipient') as fc.Arbitrary<FuzzRequest['identity']>,
      params: fc.array(pathParameter, { minLength: names.length, maxLength: names.length }),
      known: fc.array(fc.nat(), { minLength: names.length, maxLength: names.length }),
      tail: fc.oneof(fc.constant(''), nastyString, fc.constantFrom('a/b', 'index.html', 'x.js')),
      query: fc.option(
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                'token',
                'lang',
                'limit',
                'before',
                'id',
                'userId',
                'uid',
                '__proto__',
                'constructor',
              ),
              fc.string({ maxLength: 8 }),
            ),
            fc.oneof(
              nastyString,
              fc.constantFrom('1', '-1', '99999999999999999999', 'en', 'KNOWN'),
              fc.string({ maxLength: 8 }),
            ),
          ),
          { maxLength: 4 },
        ),
      ),
      body: BODY_METHODS.has(method) ? bodyFor(route) : fc.constant<FuzzBody>({}),
      headers: fc.dictionary(
        fc.constantFrom(
          'idempotency-key',
          'accept-encoding',
          'accept-language',
          'if-none-match',
          'x-forwarded-for',
          'accept',
          'range',
          'origin',
          'sec-fetch-site',
        ),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(
            'gzip',
            'br;q=0',
            '*',
            'bytes=0-1',
            'bytes=-1',
            'same-origin',
            'http://127.0.0.1:5999',
          ),
        ),
        { maxKeys: 3 },
      ),
      remoteAddress: fc.ipV4(),
    })
    .map(({ identity, params, known: picks, tail, query, body, headers, remoteAddress }) => {
      let index = 0;
      let url = String(route.url).replace(/:([A-Za-z0-9_]+)/g, () => {
        const value = params[index] === 'KNOWN' ? known[(picks[index] ?? 0) % known.length] : params[index];
        index += 1;
        return encode(value ?? '');
      });
      if (wildcard) url = url.replace(/\*$/, encodeURI(tail.toWellFormed()).replaceAll('?', '%3F'));
      if (query?.length) {
        url += `?${query
          .map(([key, value]) => `${encode(key)}=${encode(value === 'KNOWN' ? (known[0] ?? '') : value)}`)
          .join('&')}`;
      }
      const safeHeaders: Record<string, string> = {};
      // Node refuses control characters in header values itself (they never reach the server).
      for (const [name, value] of Object.entries(headers)) {
        if (/^[\t\x20-\x7e]*$/.test(value)) safeHeaders[name] = value;
      }
      if (body.contentType) safeHeaders['content-type'] = body.contentType;
      return {
        identity,
        method,
        url,
        headers: safeHeaders,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        remoteAddress,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The run

const cookies: Record<FuzzRequest['identity'], string | null> = {
  nobody: null,
  owner: null,
  recipient: null,
};

let sharedToken = '';

/** Whether the owner's session and the recipient's grant are still alive (a route may have ended them). */
async function identitiesAlive(): Promise<boolean> {
  if (!cookies.owner || !cookies.recipient) return false;
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookies.owner } });
  if (me.statusCode !== 200 || !me.json().user) return false;
  const shared = await t.app.inject({
    method: 'GET',
    url: `/api/shared/checklist?token=${encodeURIComponent(sharedToken)}`,
    headers: { cookie: cookies.recipient },
  });
  return shared.statusCode === 200;
}

/** A fresh owner with a checklist shared to a verified recipient. */
async function freshIdentities(): Promise<void> {
  const owner = await signInOwner(t.app, 'fuzz');
  const checklist = await createChecklist(owner);
  const sent = await share(owner, checklist.id);
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  cookies.owner = owner.cookie;
  cookies.recipient = browser.cookie;
  sharedToken = sent.token;
  known = [checklist.id, ...checklist.tasks.map((task) => task.id), sent.token, owner.uid];
  const shares = await owner.call('GET', `/api/checklists/${checklist.id}/shares`);
  for (const row of (shares.json() as { shares?: { id: string }[] }).shares ?? []) known.push(row.id);
}

function problemWith(response: LightMyRequestResponse, route: RouteOptions): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400 || answeredByTheProvider(String(route.url))) return null;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return null; // a declared page (the answer check judges it)
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${response.statusCode} with JSON that does not parse: ${response.body.slice(0, 200)}`;
  }
  const shape = ErrorBodySchema.safeParse(body);
  return shape.success
    ? null
    : `answered ${response.statusCode} without the error shape: ${response.body.slice(0, 200)}`;
}

describe('every route, fuzzed: bad input is a 4xx in the error shape, never a 5xx', () => {
  const fuzzed: string[] = [];

  beforeAll(() => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it(`answers no generated request with a 5xx (seed ${SEED}, ${RUNS} runs a route)`, async () => {
    const targets = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({ route, method })),
    );
    // Every route is fuzzed, and every route that fails is named (not only the first).
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [index, { route, method }] of targets.entries()) {
      if (!(await identitiesAlive())) await freshIdentities();
      const label = `${method} ${route.url}`;
      fuzzed.push(label);
      try {
        await fc.assert(
          fc.asyncProperty(requestFor(route, method), async (request) => {
            const cookie = cookies[request.identity];
            const response = await t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
              remoteAddress: request.remoteAddress,
              ...(request.payload !== undefined ? { payload: request.payload } : {}),
            });
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const problem = problemWith(response, route);
            if (problem)
              throw new Error(`${request.method} ${request.url} (${request.identity}): ${problem}`);
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: false, markInterruptAsFailure: false },
        );
      } catch (error) {
        failures.push(
          `${label}: ${(error as Error).message}\nReplay with FUZZ_SEED=${SEED} (this route's seed: ${SEED + index}).`,
        );
      }
    }
    const counted = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.info(`fuzz: ${targets.length} routes, seed ${SEED}; answers by status: ${counted.join(', ')}`);
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(fuzzed.length).toBe(targets.length);
  }, 600_000);
});
