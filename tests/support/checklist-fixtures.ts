import type { Checklist } from '#domain/checklist';

/** A checklist as the API presents it, with nothing done yet: override what a test is about. */
export function aChecklist(overrides: Partial<Checklist> = {}): Checklist {
  return {
    id: 'checklist_1',
    name: 'List',
    status: 'not-started',
    progress: 0,
    tasks: [],
    remarks: '',
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    userId: 'user_1',
    createdBy: null,
    assignee: null,
    version: 1,
    submittedAt: null,
    dueAt: null,
    overdue: false,
    cancelled: false,
    approvedAt: null,
    approvedBy: null,
    requireSignature: false,
    signature: null,
    address: null,
    addressLocation: null,
    ...overrides,
  };
}
