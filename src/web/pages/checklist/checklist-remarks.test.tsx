import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { checklistFixture, taskFixture } from '#tests/support/team-fixtures';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { renderCachedChecklistView } from '../../../../tests/support/checklist-view-web.tsx';
import { sharedChecklistSlot, sharedKeys } from '../../sync/index.ts';

/**
 * A recipient's remarks through the real queue and query cache: once the remarks' save is answered,
 * the queue lets go of the change at once while the page's copy takes the answer a moment later (the
 * query cache tells its observers in a later task). What was typed must stay in the field meanwhile,
 * and the submit must send it (tests/e2e/shared-page.spec.ts lost it once under load).
 */

const fetchMock = mockFetchEachTest();

const TYPED = 'Alarms not tested: no access to block C.';

const CHECKLIST: Checklist = checklistFixture({
  name: 'Weekly Site Inspection',
  status: 'in-progress',
  progress: 50,
  tasks: [
    {
      ...taskFixture('task_exits', 'Check fire exits'),
      completed: true,
      completedAt: '2026-01-02T00:00:00.000Z',
    },
    taskFixture('task_alarms', 'Test alarms'),
  ],
  userId: null,
  createdBy: null,
});
const SHARED: SharedChecklistResponse = {
  success: true,
  checklist: CHECKLIST,
  targetLanguage: 'en',
  ownerName: 'Ann Lee',
  recipientName: 'Sam',
  maskedContact: 's•m@example.com',
  language: 'en',
  sourceLanguage: 'en',
  translated: false,
  message: 'ok',
};

/** Every text the field was given, in order (Preact sets the textarea's `value`). */
function recordValues(field: HTMLTextAreaElement): string[] {
  const shown: string[] = [];
  const own = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
  Object.defineProperty(field, 'value', {
    configurable: true,
    get: () => own?.get?.call(field),
    set: (text: string) => {
      shown.push(text);
      own?.set?.call(field, text);
    },
  });
  return shown;
}

describe('the remarks on a recipient’s page', () => {
  it('keep what was typed while the answer to their save reaches the page, and are submitted', async () => {
    const slot = sharedChecklistSlot('share-token', 'checklist_1', 'en');
    renderCachedChecklistView(slot, (client) =>
      client.setQueryData(sharedKeys.checklist('share-token', 'en'), SHARED),
    );
    const field = screen.getByLabelText('Notes & Remarks') as HTMLTextAreaElement;
    const shown = recordValues(field);

    const saved = { ...CHECKLIST, remarks: TYPED };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, saved, { 'x-checklist-revision': '4' }));
    await act(async () => {
      fireEvent.input(field, { target: { value: TYPED } });
    });
    await act(async () => {
      fireEvent.blur(field);
    });
    await waitFor(() => expect(screen.getByText('Saved', { exact: true })).toBeTruthy());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ remarks: TYPED });

    // The field never went blank after the typing, not even for a moment (a submit then sends '').
    expect(shown).not.toContain('');
    expect(field.value).toBe(TYPED);

    const submitted = { ...saved, status: 'completed', submittedAt: '2026-01-02T01:00:00.000Z' };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, submitted, { 'x-checklist-revision': '5' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Completed Checklist' }));
    });
    const confirm = await screen.findByRole('alertdialog', { name: 'Incomplete Checklist' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Submit Anyway' }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({ remarks: TYPED });
  });
});
