import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, activityText, recipientText } from './activity.ts';

describe('what an activity entry says', () => {
  const jane = { name: 'Jane', maskedContact: 'j•••e@example.com', channel: 'email' as const };

  it('names the task, or says it is gone', () => {
    expect(activityText({ action: 'task_completed' }, 'Empty the bins')).toBe('ticked “Empty the bins”');
    expect(activityText({ action: 'task_uncompleted' }, undefined)).toBe('unticked a task since removed');
    expect(activityText({ action: 'photo_added', photoReplaced: true }, 'Oven')).toBe(
      'replaced the photo of “Oven”',
    );
    expect(activityText({ action: 'photo_added' }, 'Oven')).toBe('added a photo to “Oven”');
  });

  it('names whom the owner shared with, revoked, or sent a new link to', () => {
    expect(activityText({ action: 'share_sent', recipient: jane }, undefined)).toBe(
      'shared the checklist with Jane (j•••e@example.com)',
    );
    expect(activityText({ action: 'share_revoked', recipient: jane }, undefined)).toBe(
      'revoked the access of Jane (j•••e@example.com)',
    );
    expect(recipientText({ name: '+44•••••89', maskedContact: '+44•••••89' })).toBe('+44•••••89');
    expect(recipientText(undefined)).toBe('a recipient');
  });

  it('has words for every action', () => {
    for (const action of ACTIVITY_ACTIONS)
      expect(activityText({ action, recipient: jane }, 'A task')).not.toBe('');
  });
});
