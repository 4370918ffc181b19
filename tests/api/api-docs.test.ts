import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '#domain/errors';
import { type Answers, isContentAnswer } from '#server/http/plugins/responses';
import { JSON_ANSWER_CSP } from '#server/http/plugins/security';
import { API_TAGS } from '#server/http/routes/api-docs';
import { setupTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Every route declares what it answers, status by status (src/server/http/plugins/responses.ts), and the
 * OpenAPI document at GET /api/docs is generated from those declarations: these tests hold both to
 * it. (That each answer matches its declaration is checked on every request of the API suite:
 * tests/support/test-app.ts.)
 */

const t = setupTestApp();

/** The embedded OpenID provider answers these paths itself (hijacked): the protocol describes them. */
const ANSWERED_BY_THE_PROVIDER = ['/oidc/*'];

const TAG_NAMES: readonly string[] = API_TAGS.map((tag) => tag.name);

interface Operation {
  tags?: string[];
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** `/api/checklists/:id` as OpenAPI writes it: `/api/checklists/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

async function documentOf(app: TestApp['app']): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json() as OpenApiDocument;
}

describe('route declarations', () => {
  const routes: RouteOptions[] = [];
  let local: TestApp;

  beforeAll(async () => {
    local = await t.buildApp({ onRoute: (route) => routes.push(route) });
  });

  it('every route declares its answers: a success, the errors it answers, and 500', () => {
    const own = routes.filter((route) => !ANSWERED_BY_THE_PROVIDER.includes(route.url));
    expect(own.length).toBeGreaterThan(40);
    const undeclared = own.filter((route) => !route.schema?.response).map((route) => route.url);
    expect(undeclared).toEqual([]);
    for (const route of own) {
      const response = route.schema?.response as Answers;
      const statuses = Object.keys(response).map(Number);
      const label = `${methodsOf(route).join(',')} ${route.url}`;
      expect(
        statuses.some((status) => status < 400),
        `${label} declares no success`,
      ).toBe(true);
      expect(statuses, `${label} does not declare 500`).toContain(500);
      for (const status of statuses) {
        const answer = response[status];
        const hasSchema = isContentAnswer(answer)
          ? Object.values(answer.content).every((media) => media.schema)
          : answer !== undefined;
        expect(hasSchema, `${label} ${status}`).toBe(true);
      }
    }
    // The provider's paths are hidden from the document, and nothing else is.
    const hidden = new Set(routes.filter((route) => route.schema?.hide).map((route) => route.url));
    expect([...hidden]).toEqual(ANSWERED_BY_THE_PROVIDER);
  });

  it('routes that change state declare the CSRF refusal and their body errors; rate-limited ones 429', () => {
    for (const route of routes) {
      const response = route.schema?.response as Answers | undefined;
      if (!response || route.schema?.hide) continue;
      const label = `${methodsOf(route).join(',')} ${route.url}`;
      if (methodsOf(route).some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))) {
        for (const status of [ERROR_STATUS.cross_site_request, 400, 413, 415]) {
          expect(Object.keys(response), label).toContain(String(status));
        }
      }
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
        expect(Object.keys(response), label).toContain('429');
      }
    }
  });

  it('GET /api/docs is an OpenAPI 3.1 document listing every route with exactly its statuses', async () => {
    const document = await documentOf(local.app);
    expect(document.openapi).toBe('3.1.0');
    const listed = new Set<string>();
    for (const route of routes) {
      if (route.schema?.hide) continue;
      for (const method of methodsOf(route)) {
        if (method === 'HEAD') continue;
        const path = openApiPath(route.url);
        const operation = document.paths[path]?.[method.toLowerCase()];
        expect(operation, `${method} ${path} is not in the document`).toBeDefined();
        const declared = Object.keys(route.schema?.response as Answers).sort();
        expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${path}`).toEqual(declared);
        expect(operation?.tags, `${method} ${path}`).toHaveLength(1);
        expect(TAG_NAMES, `${method} ${path}`).toContain(operation?.tags?.[0]);
        listed.add(`${method.toLowerCase()} ${path}`);
      }
    }
    // Nothing else: the document is the routes.
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual([...listed].sort());
    // Named shapes are components, and every $ref resolves.
    const refs = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const name of new Set(refs)) expect(document.components.schemas, name).toHaveProperty(String(name));
  });

  it('describes bodies, answers and errors from the domain schemas', async () => {
    const document = await documentOf(local.app);
    const put = document.paths['/api/checklists/{id}']?.put;
    expect(put?.responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Checklist' } },
    });
    expect(put?.responses['409']?.description).toBe('Refused: idempotency_key_in_use, version_conflict');
    expect(JSON.stringify(put?.responses['409'])).toContain(
      '"checklist":{"$ref":"#/components/schemas/Checklist"}',
    );
    // A body schema that runs the editor's checks first is still documented as its shape.
    expect(JSON.stringify(put)).toContain('"maxLength":200');
    // No body: a 204 has none; a photo is bytes; the sign-in popup's pages are HTML.
    expect(document.paths['/api/checklists/{id}']?.delete?.responses['204']?.content).toBeUndefined();
    expect(
      Object.keys(document.paths['/api/photos/{photoId}']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['image/jpeg']);
    expect(Object.keys(document.paths['/api/auth/callback']?.get?.responses['200']?.content ?? {})).toEqual([
      'text/html',
    ]);
  });

  it('lists local mode’s own routes under their tag', async () => {
    const document = await documentOf(local.app);
    const localOnly = Object.entries(document.paths).filter(([, operations]) =>
      Object.values(operations).some((operation) => operation.tags?.includes('local mode')),
    );
    expect(localOnly.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/api/dev/login', '/api/dev/outbox', '/api/billing/test-portal']),
    );
  });

  it("is served with a JSON answer's security headers (decision 0065)", async () => {
    const response = await local.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.headers['content-security-policy']).toBe(JSON_ANSWER_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('in production', () => {
  it('lists no local-mode route: they are not registered at all', async () => {
    const { app } = await t.buildApp({
      env: {
        APP_ENV: 'production',
        PUBLIC_URL: 'https://lists.example.com',
        DATABASE_URL: 'postgres://unused.example/listsync',
        OIDC_ISSUER: 'https://issuer.example',
        OIDC_CLIENT_ID: 'listsync',
        OIDC_CLIENT_SECRET: 'secret',
        SMTP_URL: 'smtps://mailer:password@smtp.example.com:465',
        MAIL_FROM: 'ListSync <no-reply@lists.example.com>',
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM_NUMBER: '+14155550100',
        APP_SECRET: 'app-secret-0123456789abcdef0123456789',
        TRANSLATION_PROVIDER: 'none',
      },
    });
    const document = await documentOf(app);
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/api/checklists/{id}');
    expect(paths.filter((path) => /^\/(api\/dev|api\/billing\/test-|oidc)/.test(path))).toEqual([]);
    const tags = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.tags ?? []),
    );
    expect(tags).not.toContain('local mode');
  });
});
