import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '#server/admin';
import { mailingListSubscribers } from '#server/db/schema/index';
import { signUpForMailingList } from '#tests/support/mailing-list';
import { setupTestApp, TEST_PUBLIC_URL, uniqueEmail } from '#tests/support/test-app';

/**
 * The mailing list with double opt-in (issue 18): a sign-up is sent a confirmation e-mail; only a
 * confirmed address is a subscriber; every list e-mail carries a one-click unsubscribe link and the
 * RFC 8058 headers; operators export the confirmed subscribers as CSV. The public answer never says
 * whether an address was there already.
 */
const t = setupTestApp();

interface OutboxMail {
  to: string;
  subject: string | null;
  text: string;
  headers: Record<string, string>;
}

function subscribe(email: string) {
  return signUpForMailingList(t.app, email);
}

async function mailsTo(email: string): Promise<OutboxMail[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  return (response.json().messages as OutboxMail[]).filter((mail) => mail.to === email);
}

/** The path and query of the link in the text that leads to `/api/mailing-list/{purpose}`. */
function linkIn(mail: OutboxMail | undefined, purpose: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`(https?://\\S+/api/mailing-list/${purpose}\\?token=\\S+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${purpose} link in ${mail?.text}`);
  const url = new URL(match[1]);
  return `${url.pathname}${url.search}`;
}

async function rowOf(email: string) {
  const [row] = await t.db
    .select()
    .from(mailingListSubscribers)
    .where(eq(mailingListSubscribers.email, email));
  return row;
}

async function exportCsv(): Promise<string[]> {
  const lines: string[] = [];
  expect(await runAdminCommand(['mailing-list', 'export'], t.database, (line) => lines.push(line))).toBe(0);
  return lines.join('\n').split(/\r?\n/);
}

describe('signing up', () => {
  it('sends one confirmation e-mail with a confirm link and a one-click unsubscribe', async () => {
    const email = uniqueEmail('optin');
    await subscribe(email);
    await subscribe(email); // pressed again: no second e-mail within a day
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Confirm your subscription to ListSync updates');
    expect(mail?.text).toContain("If it wasn't you, ignore this e-mail");
    const leave = linkIn(mail, 'unsubscribe');
    expect(mail?.headers['List-Unsubscribe']).toBe(`<${TEST_PUBLIC_URL}${leave}>`);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await rowOf(email))?.confirmedAt).toBeNull();
  });

  it('is a subscriber only once confirmed: the link asks (GET changes nothing), the button confirms', async () => {
    const email = uniqueEmail('confirm');
    await subscribe(email);
    const confirm = linkIn((await mailsTo(email))[0], 'confirm');
    expect(await exportCsv()).not.toContain(expect.stringContaining(email));

    const page = await t.app.inject({ method: 'GET', url: confirm });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirm your subscription');
    expect(page.body).toContain(`action="${confirm.replaceAll('&', '&amp;')}"`);
    expect((await rowOf(email))?.confirmedAt).toBeNull();

    const done = await t.app.inject({ method: 'POST', url: confirm, headers: { origin: TEST_PUBLIC_URL } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You're subscribed");
    expect((await rowOf(email))?.confirmedAt).toBeInstanceOf(Date);
    const csv = await exportCsv();
    expect(csv[0]).toBe('email,signed_up_at,confirmed_at');
    expect(csv.find((line) => line.startsWith(`${email},`))).toMatch(
      new RegExp(`^${email.replaceAll('.', '\\.')},\\d{4}-\\d\\d-\\d\\dT[^,]+Z,\\d{4}-\\d\\d-\\d\\dT[^,]+Z$`),
    );

    // Already on the list: the answer is the same, and no e-mail goes.
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("leaves in one click (RFC 8058's POST from anywhere), and is no longer exported", async () => {
    const email = uniqueEmail('leave');
    await subscribe(email);
    const [mail] = await mailsTo(email);
    await t.app.inject({
      method: 'POST',
      url: linkIn(mail, 'confirm'),
      headers: { origin: TEST_PUBLIC_URL },
    });
    const leave = linkIn(mail, 'unsubscribe');
    expect((await t.app.inject({ method: 'GET', url: leave })).body).toContain('Leave the mailing list?');
    expect((await rowOf(email))?.unsubscribedAt).toBeNull();
    const oneClick = await t.app.inject({
      method: 'POST',
      url: leave,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain("You're unsubscribed");
    expect((await rowOf(email))?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await exportCsv()).some((line) => line.startsWith(`${email},`))).toBe(false);
  });

  it.each([
    [
      "a token naming another address with this one's signature",
      (link: string) =>
        link.replace(
          /token=m1\.[^.]+\./,
          `token=m1.${Buffer.from(JSON.stringify(['confirm', 'someone@example.com'])).toString('base64url')}.`,
        ),
    ],
    ['a token cut short', (link: string) => link.slice(0, -6)],
    ['no token', (link: string) => link.split('?')[0] ?? link],
  ])('refuses %s with a 400 page and changes nothing', async (_label, spoil) => {
    const email = uniqueEmail('spoiled');
    await subscribe(email);
    const confirm = spoil(linkIn((await mailsTo(email))[0], 'confirm'));
    const response = await t.app.inject({
      method: 'POST',
      url: confirm,
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("This link doesn't work");
    expect((await rowOf(email))?.confirmedAt).toBeNull();
  });

  it('an unsubscribe token does not confirm (each link does only its own thing)', async () => {
    const email = uniqueEmail('purpose');
    await subscribe(email);
    const leave = linkIn((await mailsTo(email))[0], 'unsubscribe');
    const swapped = leave.replace('/unsubscribe?', '/confirm?');
    const response = await t.app.inject({
      method: 'POST',
      url: swapped,
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(response.statusCode).toBe(400);
    expect((await rowOf(email))?.confirmedAt).toBeNull();
  });
});

describe('the export', () => {
  it('keeps a spreadsheet from reading an address as a formula', async () => {
    // '=' cannot start an address here, '-' and '+' can: =, +, -, @ all start formulas.
    const email = `-cmd${Date.now()}@example.com`;
    await subscribe(email);
    await t.app.inject({
      method: 'POST',
      url: linkIn((await mailsTo(email))[0], 'confirm'),
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect((await exportCsv()).some((line) => line.startsWith(`'${email},`))).toBe(true);
  });
});
