import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklists, outboxMessages, shares, users } from '#server/db/schema/index';
import { caller, errorOf } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp, signIn, uniqueEmail } from '#tests/support/test-app';

/**
 * Bidi controls in names (issue 16, item 9; src/domain/display-text.ts): explicit embeddings,
 * overrides and isolates never reach what is stored, answered, or sent; Arabic and Hebrew stay whole.
 */
const t = setupTestApp();

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const RLO = '\u202E';

async function owner(displayName: string) {
  const { cookie, user } = await signIn(t.app, uniqueEmail('bidi'), displayName);
  return { uid: user.uid, cookie, user, call: caller(t.app, cookie) };
}

describe('names without bidi controls', () => {
  it('a checklist name and task texts lose their overrides and isolates; Arabic and Hebrew letters stay', async () => {
    const me = await owner('Dana');
    const created = await me.call('POST', '/api/checklists', {
      name: `Invoice_${RLO}fdp.exe`,
      tasks: [
        { description: '\u2067تنظيف المطبخ\u2069 (2)', photoRequired: false },
        { description: 'בדיקת \u202Bדוד\u202C מים', photoRequired: false },
      ],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.name).toBe('Invoice_fdp.exe');
    expect(body.tasks.map((task: { description: string }) => task.description)).toEqual([
      'تنظيف المطبخ (2)',
      'בדיקת דוד מים',
    ]);
    const [row] = await t.db.select().from(checklists).where(eq(checklists.id, body.id));
    expect(row?.name).toBe('Invoice_fdp.exe');
  });

  it('a name of bidi controls only is a blank name (400 with the editor message), not a stored empty one', async () => {
    const me = await owner('Dana');
    const refused = await me.call('POST', '/api/checklists', {
      name: `${RLO}\u2066 `,
      tasks: [{ description: 'One', photoRequired: false }],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('Checklist name is required');
  });

  it('display names and recipient names: stored and shown to the recipient and in the code e-mail without them', async () => {
    const me = await owner(`Sam ${RLO}reggub`);
    expect(me.user.displayName).toBe('Sam reggub');
    const [userRow] = await t.db.select().from(users).where(eq(users.id, me.uid));
    expect(userRow?.displayName).toBe('Sam reggub');

    const created = (
      await me.call('POST', '/api/checklists', {
        name: 'Boiler',
        tasks: [{ description: 'Check', photoRequired: false }],
      })
    ).json();
    const sent = await share(me, created.id, { recipientName: `\u202Dسارة${RLO}` });
    const [shareRow] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(shareRow?.recipientName).toBe('سارة');

    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const shared = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(shared.json()).toMatchObject({ ownerName: 'Sam reggub', recipientName: 'سارة' });
    expect(CONTROLS.test(shared.body)).toBe(false);

    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'jane.doe@example.com'));
    expect(mail?.text).toContain('Sam reggub');
    expect(mail?.text.includes(RLO)).toBe(false);
  });
});
