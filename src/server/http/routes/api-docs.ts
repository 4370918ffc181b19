import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_DOCS_PATH, OPENAPI_PATH, OpenApiDocumentSchema } from '#domain/api-docs';
import { CHECKLIST_REVISION_HEADER } from '#domain/checklist-revision';
import type { Config } from '../../config/index.ts';
import { appRoot } from '../../paths.ts';
import { CHECKLIST_REVISION_DOC } from '../plugins/checklist-revision.ts';
import {
  authenticationDescription,
  operationSecurity,
  securitySchemes,
} from '../plugins/openapi-security.ts';
import { answers, orJsonText } from '../plugins/responses.ts';
import { sessionCookieName } from '../plugins/session.ts';

/**
 * The OpenAPI 3.1 document of the API at GET /api/docs and GET /api/openapi.json, generated from the routes' own schemas
 * (their zod schemas through fastify-type-provider-zod's transform): the source of truth for every
 * request and answer shape; docs/api.md is the map and the rules. It lists the routes this server
 * has registered, so local mode's own routes (tag `local mode`) are listed only where they exist:
 * never in production, where they are not registered at all.
 */

/** The groups of the document, in the order docs/api.md tells them. */
export const API_TAGS = [
  { name: 'account', description: 'Sign-in, the session and the user' },
  { name: 'public forms', description: 'Mailing list and SMS consent (anyone)' },
  { name: 'plans and billing', description: 'The plan, Stripe Checkout, the portal and the webhook' },
  { name: 'checklists', description: "A team's checklists and their tasks" },
  { name: 'teams', description: 'The team, its people, roles, seats and invitations (docs/teams.md)' },
  {
    name: 'templates',
    description: 'Built-in and own templates; a checklist is made from one by POST /api/checklists',
  },
  { name: 'schedules', description: 'Recurring schedules: a checklist made from a template on set days' },
  {
    name: 'insights',
    description: "A paid team's figures over a range of days, as JSON or CSV (docs/insights.md)",
  },
  {
    name: 'calendars',
    description: 'Booking calendars: iCal exports that make a turnover checklist for each reservation',
  },
  {
    name: 'api tokens',
    description: "A team's API tokens, used as `Authorization: Bearer` (docs/integrations.md; sessions only)",
  },
  {
    name: 'webhooks',
    description:
      'Endpoints that receive signed events (Standard Webhooks), and their deliveries (docs/integrations.md)',
  },
  { name: 'sharing', description: 'Verified sharing: codes, links, the shared checklist' },
  { name: 'translation', description: "The owner's language and remarks in it" },
  { name: 'photos', description: 'Photo proof: upload and the authorised photo route' },
  { name: 'proof', description: "A checklist's activity trail and completion report (its owner only)" },
  {
    name: 'notifications',
    description: "The owner's notifications, their e-mail settings and the e-mails' unsubscribe link",
  },
  { name: 'analytics', description: 'Page views and events' },
  { name: 'realtime', description: 'The WebSocket handshake (messages: docs/api.md "Realtime")' },
  { name: 'pages', description: 'Server-rendered pages and their assets (the sign-in popup, the app shell)' },
  { name: 'operations', description: 'Health checks and this document' },
  {
    name: 'local mode',
    description: 'Local mode only: never registered in production (docs/modes-and-limits.md)',
  },
] as const;

/**
 * Drops the components no route refers to: the transform adds every named zod schema twice (as an
 * answer and as an input, `ChecklistInput`), and only the answers are used.
 */
function withoutUnusedComponents<Document extends object>(document: Document): Document {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas ?? {};
  const referenced = (value: unknown) =>
    new Set(
      [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      ),
    );
  let used = referenced(rest);
  for (;;) {
    const next = new Set([...used, ...referenced([...used].map((name) => schemas[name]))]);
    if (next.size === used.size) break;
    used = next;
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

const toJsonSchemas = createJsonSchemaTransform({ skipList: [] });
const addComponents = createJsonSchemaTransformObject({});

/**
 * The routes' zod schemas as JSON Schema. An answer that is a named component becomes a `$ref`,
 * which @fastify/swagger cannot look into for the answer's description: it is copied beside it. The
 * successes of a route that names the checklist's revision (`answersRevision`) list its header. Each
 * operation's `security` comes from the route's config and its 401 (http/plugins/openapi-security.ts).
 */
const transform: SwaggerTransform = (input) => {
  const result = toJsonSchemas(input);
  const declared = (input.schema?.response ?? {}) as Record<string, unknown>;
  Object.assign(
    result.schema,
    operationSecurity({ config: input.route?.config, declaresUnauthenticated: '401' in declared }),
  );
  const response = (result.schema?.response ?? {}) as Record<
    string,
    { $ref?: string; description?: string; headers?: Record<string, unknown> }
  >;
  const answersRevision = input.route?.config?.answersRevision === true;
  for (const [status, json] of Object.entries(response)) {
    const zod = declared[status];
    if (json.$ref && !json.description && zod instanceof z.ZodType && zod.description) {
      json.description = zod.description;
    }
    if (answersRevision && /^2\d\d$/.test(status)) {
      json.headers = {
        ...json.headers,
        [CHECKLIST_REVISION_HEADER]: {
          ...CHECKLIST_REVISION_DOC.schema,
          description: CHECKLIST_REVISION_DOC.description,
        },
      };
    }
  }
  return result;
};

/** Collects the routes registered after it (register before every route). */
export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.siteName} API`,
        version: appVersion(),
        description:
          'Every request and answer shape of the API, generated from the route schemas (src/domain). ' +
          'Errors are `{error: {code, message, ...extra}}`. Owners are signed in by the session cookie ' +
          `(${sessionCookieName(config)}), a share's recipient by the recipient cookie; writes must come ` +
          'from this origin. The rules, limits and realtime messages are in docs/api.md.\n\n' +
          authenticationDescription(config),
      },
      components: { securitySchemes: securitySchemes(config) },
      servers: [{ url: config.publicUrl.origin }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
    },
    transform,
    transformObject: (document) => withoutUnusedComponents(addComponents(document)),
  });
}

/** The same document at both paths: /api/docs (decision 0013) and /api/openapi.json (decision 0051). */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  let document: string | null = null;
  for (const url of [API_DOCS_PATH, OPENAPI_PATH]) {
    app.get(
      url,
      {
        schema: { tags: ['operations'], response: answers({ 200: orJsonText(OpenApiDocumentSchema) }) },
        config: { withoutDatabase: true },
      },
      async (_request, reply) => {
        // Built once, on first use: the routes do not change while the server runs.
        document ??= JSON.stringify(app.swagger());
        return reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(document);
      },
    );
  }
}
