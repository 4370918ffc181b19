import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Checklist, ChecklistInput } from '#domain/checklist';
import { signIn, uniqueEmail } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in owner and a way to call the API as them (or, with cookie null, as nobody). */
export interface Owner {
  uid: string;
  cookie: string;
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Calls as the browser holding `cookie` (none: nobody), from `ip` when given (per-IP limits). */
export function caller(app: FastifyInstance, cookie: string | null, ip?: string) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(ip ? { remoteAddress: ip } : {}),
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}

export async function signInOwner(
  app: FastifyInstance,
  label = 'owner',
  email = uniqueEmail(label),
  ip?: string,
): Promise<Owner> {
  const { cookie, user } = await signIn(app, email, `${label} person`);
  return { uid: user.uid, cookie, call: caller(app, cookie, ip) };
}

/** A valid editor body: `taskCount` tasks named 'Task 1'.. unless tasks are given. */
export function draft(overrides: Partial<ChecklistInput> = {}, taskCount = 3): ChecklistInput {
  return {
    name: 'Turnover: Beach House',
    tasks: Array.from({ length: taskCount }, (_, i) => ({
      id: `task_${i + 1}`,
      description: `Task ${i + 1}`,
      photoRequired: false,
    })),
    ...overrides,
  };
}

/** Creates a checklist through the API and answers it; fails the test on anything but 201. */
export async function createChecklist(
  owner: Owner,
  body: Partial<ChecklistInput> = {},
  taskCount = 3,
): Promise<Checklist> {
  const response = await owner.call('POST', '/api/checklists', draft(body, taskCount));
  if (response.statusCode !== 201) {
    throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** The editor's PUT body for a checklist as it stands (what the client sends back after editing). */
export function asEdit(checklist: Checklist, changes: Partial<ChecklistInput> = {}) {
  return {
    name: checklist.name,
    tasks: checklist.tasks.map(({ id, description, photoRequired, details }) => ({
      id,
      description,
      photoRequired,
      details,
    })),
    remarks: checklist.remarks,
    version: checklist.version,
    ...changes,
  };
}

export async function getChecklist(owner: Owner, id: string): Promise<Checklist> {
  const response = await owner.call('GET', `/api/checklists/${id}`);
  if (response.statusCode !== 200) throw new Error(`GET answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export function tick(owner: Owner, checklist: Checklist, index: number, completed = true) {
  const task = checklist.tasks[index];
  if (!task) throw new Error(`no task ${index}`);
  return owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task.id}`, { completed });
}

/** The error code and message of an error answer. */
export function errorOf(
  response: LightMyRequestResponse,
): { code: string; message: string } & Record<string, unknown> {
  return response.json().error;
}
