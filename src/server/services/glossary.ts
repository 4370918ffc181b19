import { AppError } from '#domain/errors';
import {
  GLOSSARY_LIMITS,
  GLOSSARY_MESSAGES,
  type GlossaryEntry,
  type GlossaryEntryData,
  glossaryLanguageMessage,
} from '#domain/glossary';
import { PLAN_LIMITS } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { asLanguage } from '../presenters/users.ts';
import {
  countGlossary,
  deleteGlossaryEntry,
  type GlossaryRow,
  insertGlossaryEntry,
  listGlossary,
} from '../repositories/glossary.ts';
import { lockTeam, roleIn } from '../repositories/teams.ts';

/**
 * The team's glossary (docs/translation.md "Team glossary"): every member reads it; the owner and
 * admins add and delete entries, in the languages their plan shares in (free: English and Spanish),
 * at most GLOSSARY_LIMITS.perTeam. Every plan has one. A change is read by the next translation of
 * any of the team's texts (services/translation.ts reads the terms with its cache).
 */

function present(row: GlossaryRow): GlossaryEntry {
  return { id: row.id, language: asLanguage(row.language), source: row.source, target: row.target };
}

function notFound(): AppError {
  return new AppError('not_found', GLOSSARY_MESSAGES.notFound);
}

async function assertManager(db: Database, access: OwnerAccess): Promise<void> {
  const role = await roleIn(db, access.teamId, access.userId);
  if (role !== 'owner' && role !== 'admin') throw new AppError('forbidden', GLOSSARY_MESSAGES.managersOnly);
}

export async function listGlossaryEntries(db: Database, access: OwnerAccess): Promise<GlossaryEntry[]> {
  return (await listGlossary(db, access.teamId)).map(present);
}

export async function addGlossaryEntry(
  db: Database,
  access: OwnerAccess,
  input: GlossaryEntryData,
): Promise<GlossaryEntry> {
  const row = await db.transaction(async (tx) => {
    await assertManager(tx, access);
    // Held until the end: two adds at once count in turn.
    const team = await lockTeam(tx, access.teamId);
    if (!team) throw new AppError('unauthenticated', 'Please sign in again.');
    const allowed = PLAN_LIMITS[team.tier].allowedLanguages;
    if (!allowed.includes(input.language)) {
      throw new AppError('plan_limit_reached', glossaryLanguageMessage(allowed), {
        allowedLanguages: allowed,
      });
    }
    if ((await countGlossary(tx, access.teamId)) >= GLOSSARY_LIMITS.perTeam) {
      throw new AppError('glossary_limit_reached', GLOSSARY_MESSAGES.limitReached, {
        limit: GLOSSARY_LIMITS.perTeam,
      });
    }
    const inserted = await insertGlossaryEntry(tx, {
      id: newId('gl'),
      teamId: access.teamId,
      language: input.language,
      source: input.source,
      target: input.target,
      createdBy: access.userId,
    });
    if (inserted) return inserted;
    const existing = (await listGlossary(tx, access.teamId)).find(
      (entry) =>
        entry.language === input.language && entry.source.toLowerCase() === input.source.toLowerCase(),
    );
    throw new AppError('glossary_term_exists', GLOSSARY_MESSAGES.termExists, { entryId: existing?.id ?? '' });
  });
  return present(row);
}

export async function removeGlossaryEntry(db: Database, access: OwnerAccess, entryId: string): Promise<void> {
  await assertManager(db, access);
  if (!(await deleteGlossaryEntry(db, access.teamId, entryId))) throw notFound();
}
