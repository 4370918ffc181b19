/**
 * The quick start of the /developers page (docs/integrations.md "The API description and /developers"):
 * from a token to a verified webhook in three steps. The page shows these commands with this
 * deployment's origin; tests/api/developer-quick-start.test.ts runs them, as written, with bash and
 * curl against a listening server, so what a developer copies is what was tested.
 */

export const DEVELOPERS_PATH = '/developers';
/** Where a token is made (Settings → Developers). */
export const TOKENS_SETTINGS_PATH = '/settings/developers';

/** A URL the page shows until the developer puts their own (the test puts its receiver's). */
export const EXAMPLE_WEBHOOK_URL = 'https://example.com/listsync-webhook';

/** The events the quick start's webhook asks for. */
export const QUICK_START_EVENTS = ['checklist.submitted', 'task.completed'] as const;

export interface QuickStartCommand {
  /** What the command does, shown above it. */
  label: string;
  /** The text to copy: bash with curl, or a Node module. */
  code: string;
  language: 'bash' | 'javascript';
}

export interface QuickStartStep {
  id: 'token' | 'list' | 'webhook';
  title: string;
  text: string;
  commands: QuickStartCommand[];
}

/** Node's standard library only: checks a delivery as the Standard Webhooks convention signs it. */
export const VERIFY_SIGNATURE_NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the whsec_… that POST /api/webhooks answered; headers and body: the request as received
// (the body as raw text, before any JSON parsing).
export function verifyListSyncWebhook(secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or late
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature = ''] = entry.split(',');
      const given = Buffer.from(signature, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
`;

/**
 * The steps with this deployment's origin (`https://lists.example.com`, no trailing slash) and the
 * webhook's target. The token is the shell's `$LISTSYNC_TOKEN`, the webhook's id `$WEBHOOK_ID`.
 */
export function developerQuickStart(origin: string, webhookUrl = EXAMPLE_WEBHOOK_URL): QuickStartStep[] {
  const body = JSON.stringify({ url: webhookUrl, events: QUICK_START_EVENTS });
  return [
    {
      id: 'token',
      title: 'Create a token',
      text:
        'In Settings → Developers (owners and admins of a Professional or Enterprise team), make a token ' +
        'with the scopes checklists:read and webhooks:manage. Its secret is shown once: keep it in your ' +
        'shell or your tool’s secret store.',
      commands: [
        {
          label: 'Keep the secret for the next commands',
          code: 'export LISTSYNC_TOKEN=ls_…',
          language: 'bash',
        },
      ],
    },
    {
      id: 'list',
      title: 'List your checklists',
      text: 'The token acts for its team: the answer is the team’s checklists, newest first, as JSON.',
      commands: [
        {
          label: 'List checklists',
          code: `curl -sS -H "Authorization: Bearer $LISTSYNC_TOKEN" ${origin}/api/checklists`,
          language: 'bash',
        },
      ],
    },
    {
      id: 'webhook',
      title: 'Receive a webhook',
      text:
        'Add an endpoint for the events you want (the answer, 201, carries its id and its signing secret, ' +
        'shown once), send it a test event (202: queued), and check each delivery’s signature before ' +
        'trusting it.',
      commands: [
        {
          label: 'Add a webhook',
          code:
            `curl -sS -i -X POST ${origin}/api/webhooks \\\n` +
            `  -H "Authorization: Bearer $LISTSYNC_TOKEN" \\\n` +
            `  -H "Content-Type: application/json" \\\n` +
            `  -d '${body}'`,
          language: 'bash',
        },
        {
          label: 'Send it a test event (WEBHOOK_ID: the "id" the last answer gave)',
          code: `curl -sS -i -X POST -H "Authorization: Bearer $LISTSYNC_TOKEN" ${origin}/api/webhooks/$WEBHOOK_ID/test`,
          language: 'bash',
        },
        {
          label: 'Verify a delivery’s signature (Node.js)',
          code: VERIFY_SIGNATURE_NODE,
          language: 'javascript',
        },
      ],
    },
  ];
}
