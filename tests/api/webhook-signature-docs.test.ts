import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signWebhook } from '#server/services/webhook-dispatcher';

/**
 * docs/integrations.md "Verifying a signature": its three examples (Node.js, Python 3, Java 17) are
 * taken out of the document as written and run against a delivery signed by the server's signer.
 */

const doc = readFileSync(path.join(import.meta.dirname, '../../docs/integrations.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Verifying a signature'), doc.indexOf('## Connecting without code'));
const dir = mkdtempSync(path.join(tmpdir(), 'listsync-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function block(language: string): string {
  const match = section.match(new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```'));
  if (!match?.[1]) throw new Error(`no ${language} block in "Verifying a signature"`);
  return match[1];
}

function available(binary: string): boolean {
  return spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;
}

const SECRET = `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`;
const BODY = JSON.stringify({
  type: 'task.completed',
  timestamp: '2026-11-29T14:40:00.000Z',
  data: { n: 'é' },
});
const ID = 'msg_2Lq7docs';

function run(command: string, args: string[], env: Record<string, string>, body: string) {
  const result = spawnSync(command, args, {
    cwd: dir,
    input: body,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

const LANGUAGES = [
  { name: 'Node.js', binary: process.execPath, language: 'js', file: 'verify.mjs', args: ['verify.mjs'] },
  { name: 'Python 3', binary: 'python3', language: 'python', file: 'verify.py', args: ['verify.py'] },
  { name: 'Java 17', binary: 'java', language: 'java', file: 'Verify.java', args: ['Verify.java'] },
];

describe('the verification examples in docs/integrations.md', () => {
  for (const { name, binary, language, file, args } of LANGUAGES) {
    const present = available(binary);
    if (!present) console.warn(`${name}: '${binary}' is not installed here; its example is not run.`);
    it.skipIf(!present)(
      `${name}: accepts our signature, refuses a changed body, another secret, an old timestamp`,
      () => {
        writeFileSync(path.join(dir, file), block(language));
        const now = Math.floor(Date.now() / 1000);
        const signed = (timestamp: number, body = BODY, secret = SECRET) => ({
          WEBHOOK_SECRET: SECRET,
          WEBHOOK_ID: ID,
          WEBHOOK_TIMESTAMP: String(timestamp),
          // Two signatures, as during a secret's rotation: one matching is enough.
          WEBHOOK_SIGNATURE: `v1,AAAA ${signWebhook(secret, ID, timestamp, body)}`,
        });
        expect(run(binary, args, signed(now), BODY)).toEqual({ status: 0, out: 'verified' });
        expect(run(binary, args, signed(now), `${BODY} `)).toEqual({ status: 1, out: 'NOT verified' });
        const other = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
        expect(run(binary, args, signed(now, BODY, other), BODY)).toEqual({ status: 1, out: 'NOT verified' });
        expect(run(binary, args, signed(now - 10 * 60), BODY)).toEqual({ status: 1, out: 'NOT verified' });
        expect(run(binary, args, { ...signed(now), WEBHOOK_SIGNATURE: 'v1,' }, BODY)).toEqual({
          status: 1,
          out: 'NOT verified',
        });
      },
    );
  }

  it('names the same headers and content as the signer', () => {
    expect(execFileSync(process.execPath, ['--version']).toString()).toMatch(/^v\d+/);
    expect(section).toContain('{webhook-id}.{webhook-timestamp}.{body}');
  });
});
