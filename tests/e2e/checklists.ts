import type { Page } from '@playwright/test';
import type { Checklist, ChecklistInput, ChecklistSummary } from '#domain/checklist';
import { expect } from './fixtures.ts';

/** Seeds and reads checklists through the API as the page's signed-in user (for checklist browser tests). */
export type SeedTask = { description: string; photoRequired?: boolean; details?: string };

export async function seedChecklist(
  page: Page,
  name: string,
  tasks: (string | SeedTask)[],
): Promise<Checklist> {
  const body: ChecklistInput = {
    name,
    tasks: tasks.map((task) => (typeof task === 'string' ? { description: task } : task)),
  };
  const response = await page.request.post('/api/checklists', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Checklist;
}

export async function readChecklist(page: Page, id: string): Promise<Checklist> {
  const response = await page.request.get(`/api/checklists/${id}`);
  expect(response.ok(), `GET checklist answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as Checklist;
}

export async function listChecklists(page: Page): Promise<ChecklistSummary[]> {
  const response = await page.request.get('/api/checklists');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as ChecklistSummary[];
}

export async function tickTask(
  page: Page,
  checklistId: string,
  taskId: string,
  completed = true,
): Promise<void> {
  const response = await page.request.patch(`/api/checklists/${checklistId}/tasks/${taskId}`, {
    data: { completed },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** The descriptions of the editor's task inputs, in their order on screen. */
export async function editorTaskOrder(page: Page): Promise<string[]> {
  return page
    .getByTestId('editor-task')
    .getByRole('textbox', { name: /description/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
