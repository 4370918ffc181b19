import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SubscriptionInfoSchema } from '#domain/billing-response';
import { ChecklistListSchema, ChecklistSchema, VERSION_CONFLICT_EXTRA } from '#domain/checklist-response';
import { errorBodySchema } from '#domain/errors';
import { NO_SUBSCRIPTION } from '#domain/plans';
import { VerificationStatusSchema } from '#domain/sharing-response';
import { fastJsonSerializerCompiler } from './serializers.ts';

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
});
