import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SubscriptionInfoSchema, TestPortalViewSchema } from '#domain/billing-response';
import { ChecklistListSchema, ChecklistSchema, VERSION_CONFLICT_EXTRA } from '#domain/checklist-response';
import { errorBodySchema } from '#domain/errors';
import { NO_SUBSCRIPTION } from '#domain/plans';
import { VerificationStatusSchema } from '#domain/sharing-response';
import { AuthMeSchema } from '#domain/user-response';
import { fastJsonSerializerCompiler, forSerialization, serializationJsonSchema } from './serializers.ts';

/** Production writes JSON answers with fast-json-stringify from the zod schemas: the same text as JSON.stringify. */

function serializerOf(schema: z.ZodType) {
  return fastJsonSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

const at = '2026-11-23T21:04:05.123Z';
const checklist = {
  id: 'ck_1',
  name: 'Night "shift" \u2028 ✓',
  status: 'in-progress' as const,
  progress: 50,
  tasks: [
    {
      id: 't1',
      description: 'Lock the door',
      completed: true,
      photoRequired: true,
      photoUrl: '/api/photos/p1',
      details: '',
      completedAt: at,
    },
    {
      id: 't2',
      description: 'Lights',
      completed: false,
      photoRequired: false,
      photoUrl: null,
      details: 'All of them',
      completedAt: null,
    },
  ],
  remarks: '',
  createdAt: at,
  updatedAt: at,
  userId: null,
  version: 3,
  submittedAt: null,
};

describe('fastJsonSerializerCompiler', () => {
  it('writes what JSON.stringify writes, for objects, lists, nullable fields, unions and error extras', () => {
    const { tasks: _tasks, ...summary } = checklist;
    const samples: [z.ZodType, unknown][] = [
      [ChecklistSchema, checklist],
      [ChecklistListSchema, [{ ...summary, taskCount: 2, completedCount: 1 }]],
      [VerificationStatusSchema, { verified: false, expired: true }],
      [AuthMeSchema, { user: null }],
      [AuthMeSchema, { user: { uid: 'u1', email: 'a@example.com', displayName: 'A', language: 'en' } }],
      [TestPortalViewSchema, { subscription: null, returnUrl: '/dashboard' }],
      [
        TestPortalViewSchema,
        {
          subscription: {
            id: 'sub_1',
            tier: 'professional',
            interval: 'year',
            status: 'trialing',
            currentPeriodEnd: at,
            trialEnd: null,
            cancelAtPeriodEnd: false,
          },
          returnUrl: '/dashboard',
        },
      ],
      [
        SubscriptionInfoSchema,
        {
          tier: 'enterprise',
          usage: { listSyncCount: 2 },
          limits: { maxLists: null },
          allowedLanguages: ['en', 'es'],
          ...NO_SUBSCRIPTION,
        },
      ],
      [
        errorBodySchema(['version_conflict', 'idempotency_key_in_use'], VERSION_CONFLICT_EXTRA),
        { error: { code: 'version_conflict', message: 'Changed elsewhere', checklist } },
      ],
      [
        errorBodySchema(['validation_failed', 'code_invalid']),
        { error: { code: 'validation_failed', message: 'No', issues: [{ path: 'name', message: 'No' }] } },
      ],
    ];
    for (const [schema, value] of samples) {
      expect(serializerOf(schema)(value)).toBe(JSON.stringify(value));
    }
  });

  it('writes only the declared fields: something a route added by mistake never leaves', () => {
    const text = serializerOf(ChecklistSchema)({ ...checklist, ownerEmail: 'owner@example.com' });
    expect(JSON.parse(text)).toEqual(checklist);
  });

  it('compiles from a schema without unions for nullable fields or validation keywords', () => {
    // fast-json-stringify checks each branch of a union with Ajv on every answer: a nullable ISO time
    // written as a union with its pattern made the dashboard list slower than JSON.stringify.
    const schema = JSON.stringify(forSerialization(serializationJsonSchema(ChecklistListSchema)));
    expect(schema).not.toMatch(/"(anyOf|oneOf|pattern|format)"/);
    expect(schema).toContain('"submittedAt":{"type":["string","null"]}');
  });
});
