import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ShareResponse, VerifyResponse } from '#domain/sharing';
import { createChecklist, type Owner, signInOwner } from './checklists.ts';
import { uniqueIp } from './test-app.ts';

/** Shares the checklist by e-mail (or other fields) as the owner; fails the test unless 200. */
export async function share(owner: Owner, checklistId: string, fields: Record<string, unknown> = {}) {
  const response = await owner.call('POST', '/api/verification/send', {
    consent: true,
    checklistId,
    email: 'jane.doe@example.com',
    recipientName: 'Jane',
    ...fields,
  });
  if (response.statusCode !== 200) throw new Error(`send answered ${response.statusCode}: ${response.body}`);
  return response.json() as ShareResponse;
}

/**
 * A browser with no account: it keeps the recipient cookie the server sets, as a browser would,
 * and sends it (and only it) with every call.
 */
export interface RecipientBrowser {
  cookie: string | null;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  verify(token: string, code: string): Promise<LightMyRequestResponse>;
}

export function recipientBrowser(app: FastifyInstance, ip = uniqueIp()): RecipientBrowser {
  const browser: RecipientBrowser = {
    cookie: null,
    async call(method, url, payload) {
      // Each browser from its own address, as different phones are: per-IP limits apply to each.
      const response = await app.inject({
        method,
        url,
        remoteAddress: ip,
        ...(browser.cookie ? { headers: { cookie: browser.cookie } } : {}),
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      });
      const set = response.cookies.find((c) => c.name.endsWith('listsync_recipient'));
      if (set?.value) browser.cookie = `${set.name}=${set.value}`;
      return response;
    },
    verify(token, code) {
      return browser.call('POST', '/api/verification/verify', { token, code });
    },
  };
  return browser;
}

/** Verifies the browser on the share with its (local mode) code; fails the test unless 200. */
export async function verified(browser: RecipientBrowser, sent: ShareResponse): Promise<VerifyResponse> {
  if (!sent.verificationCode) throw new Error('no verificationCode: not in local mode?');
  const response = await browser.verify(sent.token, sent.verificationCode);
  if (response.statusCode !== 200)
    throw new Error(`verify answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** A 6-digit code that is not this one. */
export function wrongCode(code: string | undefined): string {
  return code === '000000' ? '111111' : '000000';
}

/** The owner 'host', their checklist 'Cabin turnover' shared with Jane, and Jane's browser, verified. */
export async function verifiedRecipientOf(app: FastifyInstance, taskCount = 3) {
  const owner = await signInOwner(app, 'host');
  const checklist = await createChecklist(owner, { name: 'Cabin turnover' }, taskCount);
  const sent = await share(owner, checklist.id);
  const browser = recipientBrowser(app);
  await verified(browser, sent);
  return { owner, checklist, sent, browser };
}
