import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asEdit, createChecklist, draft, errorOf, signInOwner } from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Issue 30, item 6: a number a client sends is bounded as the column it ends in is (a PostgreSQL
 * integer holds 32 bits), so a number past it is a 400 validation_failed, never the database's
 * refusal as a 500. The first test walks every route's declared input schemas (body, query, path,
 * headers), so a new numeric input without bounds fails here; the others send the numbers past them.
 */

const INTEGER_MAX = 2 ** 31 - 1;
const INTEGER_MIN = -(2 ** 31);

const routes: RouteOptions[] = [];
const t = setupTestApp({ onRoute: (route) => routes.push(route) });

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

interface NumericInput {
  where: string;
  integer: boolean;
  min: number | undefined;
  max: number | undefined;
}

/** Every number or integer in a JSON schema, with the path that reaches it. */
function numericLeaves(schema: JsonSchema, defs: Record<string, JsonSchema>, where: string, depth = 0) {
  const found: NumericInput[] = [];
  if (depth > 12) return found;
  const visit = (child: JsonSchema | boolean | undefined, path: string) => {
    if (child && typeof child === 'object') found.push(...numericLeaves(child, defs, path, depth + 1));
  };
  if (schema.$ref) visit(defs[schema.$ref.replace(/^#\/\$defs\//, '')], where);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') || types.includes('number')) {
    found.push({
      where,
      integer: types.includes('integer'),
      min: schema.minimum ?? schema.exclusiveMinimum,
      max: schema.maximum ?? schema.exclusiveMaximum,
    });
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) visit(child, `${where}.${key}`);
  visit(schema.additionalProperties, `${where}[*]`);
  for (const child of [schema.items, schema.prefixItems].flat()) visit(child, `${where}[]`);
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    visit(child, where);
  }
  return found;
}

function routeInputs(): NumericInput[] {
  const inputs: NumericInput[] = [];
  for (const route of routes) {
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
      if (!(schema instanceof z.ZodType)) continue;
      const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      const methods = [route.method].flat().join(',');
      inputs.push(...numericLeaves(root, root.$defs ?? {}, `${methods} ${route.url} ${part}`));
    }
  }
  return inputs;
}

describe('numeric inputs', () => {
  it('every number a route takes has both bounds, an integer within a 32-bit column', () => {
    const inputs = routeInputs();
    // The walk reaches the inputs it must (else it proves nothing).
    expect(inputs.map((input) => input.where)).toEqual(
      expect.arrayContaining([
        'PUT /api/checklists/:id body.version',
        'POST /api/checklists body.version',
        'GET /api/checklists/:id/activity querystring.limit',
        'POST /api/analytics/events body.props[*]',
      ]),
    );
    const unbounded = inputs.filter(
      (input) =>
        input.min === undefined ||
        input.max === undefined ||
        (input.integer
          ? input.min < INTEGER_MIN || input.max > INTEGER_MAX
          : Math.abs(input.min) > Number.MAX_SAFE_INTEGER || Math.abs(input.max) > Number.MAX_SAFE_INTEGER),
    );
    expect(unbounded).toEqual([]);
  });

  it.each([
    [2 ** 31, 'past 32 bits'],
    [2 ** 53 - 1, 'the largest safe integer'],
    [1e300, 'far past any integer'],
  ])("refuses a checklist edit's version %s (%s) with 400, naming the field", async (version) => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    for (const [method, url, body] of [
      ['PUT', `/api/checklists/${checklist.id}`, { ...asEdit(checklist), version }],
      ['POST', '/api/checklists', { ...draft(), version }],
    ] as const) {
      const response = await owner.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      const error = errorOf(response) as { code: string; message: string; issues?: { path: string }[] };
      expect(error.code).toBe('validation_failed');
      expect(error.issues?.map((issue) => issue.path)).toContain('version');
    }
  });

  it('takes the largest version a checklist can have: an edit from it is a conflict, not a crash', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const response = await owner.call('PUT', `/api/checklists/${checklist.id}`, {
      ...asEdit(checklist),
      version: INTEGER_MAX,
    });
    expect(response.statusCode).toBe(409);
  });

  it('reads a change time past the year 9999 in UTC (a far offset) as now, not as a crash', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const task = checklist.tasks[0]?.id ?? '';
    const response = await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task}`, {
      completed: true,
      changedAt: '9999-12-31T23:59:59-14:00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tasks[0].completed).toBe(true);
  });

  it('refuses an analytics number beyond what can be said exactly', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'pageview', path: '/', props: { count: 1e300 } }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
  });
});
