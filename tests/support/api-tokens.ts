import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiScope } from '#domain/api-access';
import type { ApiToken } from '#domain/integrations-response';
import type { Owner } from './checklists.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const ALL_SCOPES: ApiScope[] = ['checklists:read', 'checklists:write', 'webhooks:manage'];

/** Makes a token through the API as `owner` (a manager of a paid team); fails the test on anything but 201. */
export async function createToken(
  owner: Owner,
  scopes: ApiScope[] = ALL_SCOPES,
  name = 'Property manager sync',
): Promise<{ token: ApiToken; secret: string }> {
  const response = await owner.call('POST', '/api/tokens', { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Calls as an integration holding `secret` (no cookie unless given), with any further headers. */
export function bearer(app: FastifyInstance, secret: string, headers: Record<string, string> = {}) {
  return (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}
