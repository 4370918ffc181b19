import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '#domain/billing';
import { CALENDAR_LIMITS } from '#domain/calendars';
import { LANGUAGE_CODES } from '#domain/languages';
import { ALL_LANGUAGES_LINE, PLAN_CARDS, PLAN_FEATURE_LINKS, PLAN_LIMITS, type Tier } from '#domain/plans';

/**
 * Checkout takes real money, so every line of every plan card must be true of the product (DESIGN
 * "Every plan card is true", issue 33). For each line this names the code that makes it true and the
 * test that shows it, checks that both exist (the test by its title, in its file), and checks what can
 * be checked here. A new card line with no entry fails, so nobody adds copy without the product.
 */

const root = path.resolve(import.meta.dirname, '../..');
const GIB = 1024 ** 3;

interface Proof {
  /** Files whose code makes the line true. */
  code: string[];
  /** Tests that show it: a file and the title of one of its tests (as written in the file). */
  tests: { file: string; title: string }[];
  /** What can be checked in this process (the limits the server enforces, the docs' content). */
  check?: (tier: Tier) => void;
}

const limit = (tier: Tier) => PLAN_LIMITS[tier];

/** The storage lines: counted by triggers, refused past the plan's bytes (docs/storage.md). */
function storageProof(bytes: number | null): Proof {
  const file = 'tests/api/storage.test.ts';
  return {
    code: [
      'src/domain/plans.ts',
      'src/server/services/storage-quota.ts',
      'src/server/db/migrations/0032_storage_counting.sql',
    ],
    tests:
      bytes === null
        ? [{ file, title: 'an unlimited plan is never warned' }]
        : [
            {
              file,
              title:
                'upload, replace, PATCH photoUrl null, reference photo, a recipient, and the checklist delete',
            },
            {
              file,
              title:
                "the owner's: 403 storage_quota_exceeded; no object, no row, the figure and task as they were",
            },
            { file, title: 'uploads at once never take the team past its limit' },
          ],
    check: (tier) => expect(limit(tier).storageBytes).toBe(bytes),
  };
}

const PROOFS: Record<string, Proof> = {
  'Up to 5 checklists': {
    code: ['src/domain/plans.ts', 'src/server/services/checklists.ts'],
    tests: [
      {
        file: 'tests/api/checklists-concurrency.test.ts',
        title: 'the 6th create on the free plan is refused with 403 plan_limit_reached and limit 5',
      },
    ],
    check: (tier) => expect(limit(tier).maxLists).toBe(5),
  },
  'Up to 100 checklists': {
    code: ['src/domain/plans.ts', 'src/server/services/checklists.ts'],
    tests: [
      {
        file: 'tests/api/checklists-concurrency.test.ts',
        title: 'the professional plan stops at 100; enterprise has no limit',
      },
    ],
    check: (tier) => expect(limit(tier).maxLists).toBe(100),
  },
  'Unlimited checklists': {
    code: ['src/domain/plans.ts', 'src/server/services/checklists.ts'],
    tests: [
      {
        file: 'tests/api/checklists-concurrency.test.ts',
        title: 'the professional plan stops at 100; enterprise has no limit',
      },
    ],
    check: (tier) => expect(limit(tier).maxLists).toBeNull(),
  },
  '1 user': {
    code: ['src/domain/plans.ts', 'src/server/services/team-invitations.ts'],
    tests: [
      {
        file: 'tests/api/teams.test.ts',
        title: 'a free team cannot invite: its one seat is taken (403 plan_limit_reached, limit 1)',
      },
    ],
    check: (tier) => expect(limit(tier).maxSeats).toBe(1),
  },
  '10 team members': {
    code: ['src/domain/plans.ts', 'src/server/services/team-invitations.ts', 'src/web/pages/team.tsx'],
    tests: [
      {
        file: 'tests/api/teams.test.ts',
        title: 'pending invitations take seats: the eleventh person of a professional team is refused',
      },
    ],
    check: (tier) => expect(limit(tier).maxSeats).toBe(10),
  },
  'Unlimited users': {
    code: ['src/domain/plans.ts', 'src/server/services/team-invitations.ts'],
    tests: [
      {
        file: 'tests/api/teams.test.ts',
        title: 'pending invitations take seats: the eleventh person of a professional team is refused',
      },
    ],
    check: (tier) => expect(limit(tier).maxSeats).toBeNull(),
  },
  'Manual sync every 6 hours': {
    code: ['src/domain/calendars.ts', 'src/server/services/calendar-sync.ts', 'src/web/pages/automation.tsx'],
    tests: [
      {
        file: 'tests/api/calendars.test.ts',
        title: 'syncs free teams every 6 hours and paid ones every 15 minutes, each calendar on one instance',
      },
      {
        file: 'tests/api/calendars.test.ts',
        title: "limits 'Sync now' to once a minute a calendar, with Retry-After",
      },
    ],
    check: () => expect(CALENDAR_LIMITS.freeEveryMs).toBe(6 * 60 * 60 * 1000),
  },
  'Calendar sync every 15 minutes': {
    code: ['src/domain/calendars.ts', 'src/server/services/calendar-sync.ts'],
    tests: [
      {
        file: 'tests/api/calendars.test.ts',
        title: 'syncs free teams every 6 hours and paid ones every 15 minutes, each calendar on one instance',
      },
    ],
    check: () => expect(CALENDAR_LIMITS.paidEveryMs).toBe(15 * 60 * 1000),
  },
  'English and Spanish translation': {
    code: [
      'src/domain/plans.ts',
      'src/server/services/shares.ts',
      'src/server/adapters/translation/apertium.ts',
    ],
    tests: [
      {
        file: 'tests/api/translation-remarks.test.ts',
        title: 'a free owner may share in en and es; fr is 403 plan_limit_reached with allowedLanguages',
      },
    ],
    check: (tier) => expect(limit(tier).allowedLanguages).toEqual(['en', 'es']),
  },
  [ALL_LANGUAGES_LINE]: {
    code: ['src/domain/languages.ts', 'src/web/i18n/locales', 'src/domain/share-messages/catalogs.ts'],
    tests: [
      {
        file: 'tests/api/sharing-send.test.ts',
        title: 'puts lang in the link for another language the plan allows, and refuses one it does not',
      },
      {
        file: 'tests/api/sharing-send.test.ts',
        title:
          'shares in an added language on a paid plan only: vi by e-mail and uk by SMS (a crew in Canada), in their words',
      },
      {
        file: 'tests/api/report.test.ts',
        title: 'prints names and tasks in the five added languages as written (pdftotext reads them back)',
      },
    ],
    check: (tier) => {
      expect(limit(tier).allowedLanguages).toEqual(LANGUAGE_CODES);
      // The spec's card says fifteen.
      expect(LANGUAGE_CODES).toHaveLength(15);
      for (const code of LANGUAGE_CODES) {
        expect(existsSync(path.join(root, `src/web/i18n/locales/${code}.json`)), code).toBe(true);
        expect(existsSync(path.join(root, `src/domain/share-messages/${code}.ts`)), code).toBe(true);
      }
    },
  },
  '1 GB storage': storageProof(GIB),
  '50 GB storage': storageProof(50 * GIB),
  'Unlimited storage': storageProof(null),
  'Community support': {
    code: ['docs/sla.md', 'src/web/pages/pricing.tsx'],
    tests: [],
    check: () => expect(read('docs/sla.md')).toMatch(/^## Support$/m),
  },
  Analytics: {
    code: ['src/server/services/insights.ts', 'src/web/pages/insights.tsx', 'docs/insights.md'],
    tests: [
      {
        file: 'tests/api/insights.test.ts',
        title: 'answers every figure of the seeded history exactly, days counted in the team’s zone',
      },
      {
        file: 'tests/api/insights.test.ts',
        title: 'is refused to a free team (403 plan_limit_reached) and to nobody (401)',
      },
      {
        file: 'tests/e2e/insights.spec.ts',
        title: 'a Professional team reads its figures, sets its zone and downloads the CSV',
      },
    ],
  },
  'API access': {
    code: ['src/server/http/plugins/api-tokens.ts', 'src/web/pages/developers.tsx', 'docs/integrations.md'],
    tests: [
      {
        file: 'tests/api/api-tokens.test.ts',
        title: 'is for the owner and admins of a paid team, through a session',
      },
      {
        file: 'tests/api/api-tokens.test.ts',
        title: 'acts for the token’s team: lists, reads, creates, ticks; its maker is who the record names',
      },
    ],
  },
  'Workflow automation': {
    code: [
      'src/server/services/schedules.ts',
      'src/server/services/calendar-sync.ts',
      'src/web/pages/automation.tsx',
    ],
    tests: [
      { file: 'tests/api/schedules.test.ts', title: 'a free team cannot make one: 403 plan_limit_reached' },
    ],
  },
  Integrations: {
    code: [
      'src/server/services/webhooks.ts',
      'src/server/services/webhook-dispatcher.ts',
      'src/server/http/routes/checklist-export.ts',
    ],
    tests: [
      {
        file: 'tests/api/webhooks.test.ts',
        title: 'is for paid teams (403 plan_limit_reached), their owner and admins (member: 403 forbidden)',
      },
    ],
  },
  '14-day free trial': {
    code: ['src/domain/billing.ts', 'src/server/services/billing.ts'],
    tests: [
      {
        file: 'tests/api/billing-local.test.ts',
        title:
          'shows the plan, price, interval and trial, and completing it makes the owner Pro through the webhook',
      },
    ],
    check: (tier) => expect(TRIAL_DAYS[tier as 'professional']).toBe(14),
  },
  '30-day free trial': {
    code: ['src/domain/billing.ts', 'src/server/services/billing.ts'],
    tests: [
      {
        file: 'tests/api/billing-stripe.test.ts',
        title: 'gives Enterprise its 30-day trial and the monthly price by default',
      },
    ],
    check: (tier) => expect(TRIAL_DAYS[tier as 'enterprise']).toBe(30),
  },
  'Custom deployment': {
    code: ['Dockerfile', 'compose.yaml', 'deploy/haproxy.cfg', 'docs/deployment.md'],
    tests: [
      {
        file: 'src/server/deployment.test.ts',
        title: 'gives the apps a production configuration that starts (the example, with its fake secrets)',
      },
    ],
    check: () => expect(read('docs/deployment.md')).toMatch(/docker compose/),
  },
  SLA: {
    code: ['docs/sla.md'],
    tests: [],
    check: () => {
      const sla = read('docs/sla.md');
      // A written, measurable promise: availability, support response, RPO and RTO, each with what
      // the product does to meet it.
      for (const heading of [
        'Availability',
        'Support',
        'Recovery point objective',
        'Recovery time objective',
      ]) {
        expect(sla, heading).toMatch(new RegExp(`^## ${heading}`, 'm'));
      }
      expect(sla).toMatch(/99\.\d+ ?%/);
    },
  },
};

function read(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}

/** Whether `file` declares a test with exactly this title (quoted as the file quotes it). */
function hasTest(file: string, title: string): boolean {
  const text = read(file);
  return [`'${title.replaceAll("'", "\\'")}'`, `"${title}"`, `\`${title}\``].some(
    (quoted) =>
      text.includes(`it(${quoted}`) || text.includes(`it(\n    ${quoted}`) || text.includes(`test(${quoted}`),
  );
}

describe('every plan-card line is true (issue 33)', () => {
  const lines = PLAN_CARDS.flatMap((card) => card.features.map((line) => ({ tier: card.id, line })));

  it('knows every line of every card', () => {
    expect(lines.map(({ line }) => line).filter((line) => !(line in PROOFS))).toEqual([]);
    expect(lines.length).toBeGreaterThan(20);
  });

  for (const { tier, line } of lines) {
    it(`${tier}: '${line}'`, () => {
      const proof = PROOFS[line];
      if (!proof) throw new Error(`no proof for '${line}'`);
      for (const file of proof.code) expect(existsSync(path.join(root, file)), file).toBe(true);
      for (const { file, title } of proof.tests) {
        expect(existsSync(path.join(root, file)), file).toBe(true);
        expect(hasTest(file, title), `${file}: ${title}`).toBe(true);
      }
      // Every line is shown by a test, or checked here, or both.
      expect(proof.tests.length > 0 || proof.check !== undefined).toBe(true);
      proof.check?.(tier);
    });
  }

  it('the lines that name a document open it', () => {
    expect(PLAN_FEATURE_LINKS).toEqual({ SLA: '/sla', 'Custom deployment': '/deployment' });
  });
});
