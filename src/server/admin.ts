import { TIERS, type Tier } from '#domain/plans';
import { storageAmount } from '#domain/team-texts';
import { createPhotoStore } from './adapters/storage/create-photo-store.ts';
import type { PhotoStore } from './adapters/storage/photo-store.ts';
import { type Config, ConfigError, loadConfig } from './config/index.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { setManualTier } from './services/billing-state.ts';
import { exportConfirmedSubscribers } from './services/mailing-list.ts';
import { recountStorage, type TeamRecount } from './services/storage-recount.ts';

/**
 * Operators' commands (`npm run admin -- <command>`), on the database the server's settings name.
 * Answers the process exit code; `print` receives what a person should read.
 */

const USAGE = `Usage: npm run admin -- set-tier <email> <${TIERS.join('|')}>
       npm run admin -- mailing-list export > subscribers.csv
       npm run admin -- recount-storage [teamId]

  set-tier              Give the account with this e-mail a plan by hand (a contract invoiced outside
                        Stripe, or any plan while billing is off). 'free' takes a hand-set plan away
                        again. A paid Stripe subscription still counts: the account has the higher.
  mailing-list export   The confirmed subscribers who have not left, as CSV (email, signed_up_at,
                        confirmed_at; times in UTC), oldest confirmation first.
  recount-storage       Recount the storage of one team (or of every team) from the photo store: each
                        photo's bytes are its objects' sizes, the team's figure their sum. Prints
                        what changed.`;

/** One line of the recount: what changed for a team, or that nothing did. */
function recountLine(team: TeamRecount): string {
  const objects = team.missingObjects ? `, ${team.missingObjects} objects missing from the store` : '';
  const photos = `${team.photos} photos, ${team.photosCorrected} corrected${objects}`;
  if (team.beforeBytes === team.afterBytes && team.photosCorrected === 0) {
    return `team ${team.teamId}: ${storageAmount(team.afterBytes)} (${team.afterBytes} bytes), unchanged (${photos}).`;
  }
  return `team ${team.teamId}: ${team.beforeBytes} -> ${team.afterBytes} bytes (${storageAmount(team.afterBytes)}; ${photos}).`;
}

/** What the commands need beyond the database: the photo store (the recount reads object sizes). */
export interface AdminDependencies {
  store?: Pick<PhotoStore, 'size'>;
}

export async function runAdminCommand(
  args: string[],
  database: DatabaseHandle,
  print: (line: string) => void,
  dependencies: AdminDependencies = {},
): Promise<number> {
  const [command, email, tier] = args;
  if (command === 'recount-storage' && args.length <= 2 && dependencies.store) {
    const teamId = args[1];
    const recounted = await recountStorage(database.db, dependencies.store, teamId);
    if (!recounted) {
      print(`No team has the id ${teamId}.`);
      return 1;
    }
    for (const team of recounted) print(recountLine(team));
    if (recounted.length === 0) print('No teams.');
    return 0;
  }
  if (command === 'mailing-list' && email === 'export' && args.length === 2) {
    print((await exportConfirmedSubscribers(database.db)).trimEnd());
    return 0;
  }
  if (command !== 'set-tier' || !email || !tier || args.length !== 3) {
    print(USAGE);
    return 64; // EX_USAGE
  }
  if (!(TIERS as readonly string[]).includes(tier)) {
    print(`Unknown tier '${tier}': choose one of ${TIERS.join(', ')}.`);
    return 64;
  }
  const result = await setManualTier(database.db, email, tier as Tier);
  if (!result) {
    print(`No account has the e-mail ${email}. The person must sign in once first.`);
    return 1;
  }
  for (const team of result) {
    print(
      team.tier === tier
        ? `${email}'s team ${team.teamId} is now on the ${team.tier} plan.`
        : `${email}'s team ${team.teamId} keeps the ${team.tier} plan: a paid subscription gives more than ${tier}.`,
    );
  }
  return 0;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    process.exitCode = await runAdminCommand(process.argv.slice(2), database, (line) => console.info(line), {
      store: createPhotoStore(config),
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').at(-1) ?? '\0')) {
  main().catch((error: unknown) => {
    console.error('admin failed:', error);
    process.exit(1);
  });
}
