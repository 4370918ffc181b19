import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '#domain/api-access';
import { setupTestApp, type TestApp } from '#tests/support/test-app';

/**
 * GET /api/openapi.json (decision 0051): the document of GET /api/docs (tests/api/api-docs.test.ts holds
 * it to the routes), valid OpenAPI 3.1, with the security of each operation written from its route's
 * own config: a token's scope where the route takes tokens, the session cookie alone elsewhere.
 */
const t = setupTestApp();

interface Operation {
  security?: Record<string, string[]>[];
  'x-required-scope'?: string;
  responses: Record<string, unknown>;
}
interface Document extends Record<string, unknown> {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  const routes: RouteOptions[] = [];
  let local: TestApp;
  let document: Document;

  beforeAll(async () => {
    local = await t.buildApp({ onRoute: (route) => routes.push(route) });
    const response = await local.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json();
  });

  it('is the document of /api/docs', async () => {
    const docs = await local.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.json()).toEqual(document);
  });

  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does refuse a broken document (a security scheme of no known type).
    const broken = structuredClone(document);
    broken.components.securitySchemes.bearerAuth = { type: 'magic' };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every route the server registered (but the embedded provider’s hidden ones)', () => {
    const expected = routes
      .filter((route) => !route.schema?.hide)
      .flatMap((route) =>
        methodsOf(route)
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method.toLowerCase()} ${openApiPath(route.url)}`),
      );
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(listed.sort()).toEqual([...new Set(expected)].sort());
    expect(listed).toContain('get /api/openapi.json');
    expect(listed).toContain('get /api/checklists/export.csv');
  });

  it('describes the bearer scheme and the session cookie, and says how to authenticate', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.info.description).toContain('## Authentication');
    expect(document.info.description).toContain('Authorization: Bearer');
  });

  it('gives each operation the security its route’s config says', () => {
    for (const route of routes) {
      if (route.schema?.hide) continue;
      const config = (route.config ?? {}) as { apiScope?: string; recipients?: boolean };
      const declares401 = '401' in ((route.schema?.response as object | undefined) ?? {});
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD')) {
        const label = `${method} ${route.url}`;
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        const security = operation?.security;
        expect(security, label).toBeDefined();
        if (!declares401) {
          expect(security, `${label} is open to anyone`).toEqual([]);
          continue;
        }
        expect(security?.[0], label).toEqual({ cookieAuth: [] });
        const bearer = security?.find((requirement) => 'bearerAuth' in requirement);
        if (config.apiScope) {
          expect(API_SCOPES, label).toContain(config.apiScope);
          expect(bearer, label).toEqual({ bearerAuth: [config.apiScope] });
          expect(operation?.['x-required-scope'], label).toBe(config.apiScope);
        } else {
          expect(bearer, `${label} is for sessions only`).toBeUndefined();
          expect(operation?.['x-required-scope'], label).toBeUndefined();
        }
        expect(
          security?.some((requirement) => 'recipientCookie' in requirement),
          label,
        ).toBe(config.recipients === true);
      }
    }
  });

  it('lets a checklists:read token export, and keeps the session routes to the cookie', () => {
    const exportCsv = document.paths['/api/checklists/export.csv']?.get;
    expect(exportCsv?.security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['checklists:read'] }]);
    expect(document.paths['/api/tokens']?.get?.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths['/healthz']?.get?.security).toEqual([]);
  });
});
