import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '#server/admin';
import { signInOwner } from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/** `npm run admin -- set-tier <email> <tier>`: an operator's plan, on the server's database. */

const context = setupTestApp();

async function admin(...args: string[]) {
  const lines: string[] = [];
  const code = await runAdminCommand(args, context.database, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('admin set-tier', () => {
  it('sets a plan by hand that the limits follow, and free takes it away', async () => {
    const owner = await signInOwner(context.app, 'contract');
    const email = (await owner.call('GET', '/api/auth/me')).json().user.email as string;

    const set = await admin('set-tier', email.toUpperCase(), 'enterprise');
    // The plan is the team's: the one the owner's first sign-in made, whose id is theirs.
    expect(set).toEqual({
      code: 0,
      output: `${email.toUpperCase()}'s team ${owner.uid} is now on the enterprise plan.`,
    });
    const info = (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
    expect(info).toMatchObject({
      tier: 'enterprise',
      limits: { maxLists: null },
      status: 'none',
      canManageBilling: false,
    });

    // A hand-set plan is not for sale again, and billing has nothing to manage.
    const buy = await owner.call('POST', '/api/create-subscription', { tier: 'professional' });
    expect(buy.statusCode).toBe(409);
    expect(buy.json().error.code).toBe('subscription_exists');

    expect((await admin('set-tier', email, 'free')).code).toBe(0);
    expect((await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json().tier).toBe('free');
  });

  it('explains itself on a wrong call and names an unknown account or tier', async () => {
    expect(await admin()).toMatchObject({
      code: 64,
      output: expect.stringContaining('Usage: npm run admin -- set-tier'),
    });
    expect(await admin('set-tier', 'a@example.com')).toMatchObject({ code: 64 });
    expect(await admin('set-tier', 'a@example.com', 'gold')).toEqual({
      code: 64,
      output: "Unknown tier 'gold': choose one of free, professional, enterprise.",
    });
    expect(await admin('set-tier', 'nobody@example.com', 'professional')).toEqual({
      code: 1,
      output: 'No account has the e-mail nobody@example.com. The person must sign in once first.',
    });
  });
});
