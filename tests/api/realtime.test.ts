import { describe, expect, it } from 'vitest';
import { createChecklist, signInOwner, tick } from '#tests/support/checklists';
import { closeAll, openSocket, subscribedSocket } from '#tests/support/realtime';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

describe('smoke', () => {
  it('delivers a tick', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const socket = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    const update = await socket.next('update');
    expect(update.data.checklist.tasks[0]?.completed).toBe(true);
    closeAll(socket);
    void openSocket;
  });
});
