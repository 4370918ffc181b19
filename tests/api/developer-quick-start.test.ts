import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  developerQuickStart,
  type QuickStartStep,
  VERIFY_SIGNATURE_NODE,
} from '#domain/developer-quick-start';
import { createToken } from '#tests/support/api-tokens';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The /developers quick start, run as a developer would: its commands exactly as the page shows them
 * (src/domain/developer-quick-start.ts), in bash with curl, against this app listening on a port, with
 * a real token of a paid team and a webhook receiver on another port; the page's Node snippet checks
 * the delivery's signature.
 */
const t = setupTestApp();
const run = promisify(execFile);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let origin: string;
let workDir: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/listsync`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // As main.ts does: the dispatcher sends what the queue holds.
  await t.app.webhooks.start();
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  workDir = await mkdtemp(path.join(tmpdir(), 'listsync-quick-start-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

/** Runs one command in bash with these variables set, and answers what it printed. */
async function bash(code: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', code], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
  return stdout;
}

/** `curl -i`'s output: the status and the body. */
function httpAnswer(output: string): { status: number; body: string } {
  const [head = '', ...rest] = output.split(/\r\n\r\n/);
  return { status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]), body: rest.join('\r\n\r\n') };
}

function stepOf(steps: QuickStartStep[], id: QuickStartStep['id']): QuickStartStep {
  const step = steps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}

describe('the /developers quick start', () => {
  it('takes a developer from a token to a signed webhook.test delivery, command by command', async () => {
    const owner = await signInOwner(t.app, 'developer');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const made = await createChecklist(owner, { name: 'Unit 4B turnover' }, 2);
    const { secret } = await createToken(owner, ['checklists:read', 'webhooks:manage']);
    const steps = developerQuickStart(origin, receiverUrl);
    expect(steps.map((step) => step.id)).toEqual(['token', 'list', 'webhook']);

    // 1. The token, kept in the shell (the page shows a placeholder where the secret goes).
    const [keep] = stepOf(steps, 'token').commands;
    expect(keep?.code).toContain('ls_…');
    const kept = await bash(`${keep?.code.replace('ls_…', secret)}\nprintf %s "$LISTSYNC_TOKEN"`);
    expect(kept).toBe(secret);
    const env = { LISTSYNC_TOKEN: secret };

    // 2. The team's checklists, as JSON.
    const [list] = stepOf(steps, 'list').commands;
    const checklists = JSON.parse(await bash(list?.code ?? '', env));
    expect(checklists).toEqual([expect.objectContaining({ id: made.id, name: 'Unit 4B turnover' })]);

    // 3. A webhook: made (201, with its id and signing secret), then a test event (202).
    const [create, test, verify] = stepOf(steps, 'webhook').commands;
    const created = httpAnswer(await bash(create?.code ?? '', env));
    expect(created.status).toBe(201);
    const { webhook, secret: signingSecret } = JSON.parse(created.body);
    expect(webhook).toMatchObject({ url: receiverUrl, events: ['checklist.submitted', 'task.completed'] });
    expect(signingSecret).toMatch(/^whsec_/);
    const queued = httpAnswer(await bash(test?.code ?? '', { ...env, WEBHOOK_ID: webhook.id }));
    expect(queued.status).toBe(202);

    // The receiver gets the delivery, signed; the page's snippet says the signature is right.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [delivery] = received;
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    expect(verify?.code).toBe(VERIFY_SIGNATURE_NODE);
    const snippet = path.join(workDir, 'verify.mjs');
    await writeFile(snippet, verify?.code ?? '');
    const { verifyListSyncWebhook } = await import(pathToFileURL(snippet).href);
    expect(verifyListSyncWebhook(signingSecret, delivery?.headers, delivery?.body)).toBe(true);
    // And says no to a body that was changed on the way, or another endpoint's secret.
    expect(verifyListSyncWebhook(signingSecret, delivery?.headers, `${delivery?.body} `)).toBe(false);
    expect(
      verifyListSyncWebhook(
        `whsec_${Buffer.from('another key').toString('base64')}`,
        delivery?.headers,
        delivery?.body,
      ),
    ).toBe(false);
  });

  it('shows the deployment’s origin and a placeholder URL until the developer has one', () => {
    const steps = developerQuickStart('https://lists.example.com');
    const text = JSON.stringify(steps);
    expect(text).toContain('https://lists.example.com/api/checklists');
    expect(text).toContain('https://example.com/listsync-webhook');
    expect(text).not.toContain('127.0.0.1');
  });
});
