import { desc, eq, sql } from 'drizzle-orm';
import type { SignatureDrawing, SignatureKind } from '#domain/signature';
import type { Database } from '../db/client.ts';
import { checklistSignatures, checklists } from '../db/schema/index.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInReach } from './access.ts';

/**
 * Signatures given at submit (issue 34, decision 0059): append-only, one row per submit that carried
 * one; a checklist shows its latest. The latest is read inside the statement that reads the checklist
 * (no second round trip); its drawing only when asked for.
 */

/** The latest signature as one checklist read carries it: its fields as JSON (time as text). */
export interface SignatureRecord {
  kind: SignatureKind;
  signerName: string;
  signedAt: string;
}

/**
 * The checklist's latest signature, or null: a subquery over the `checklists` row in scope. Static
 * SQL, as the task records beside it (Drizzle would leave the inner columns unqualified).
 */
export const LATEST_SIGNATURE = sql<SignatureRecord | null>`${sql.raw(`(
  select json_build_object('kind', s.kind, 'signerName', s.signer_name, 'signedAt', s.signed_at)
  from checklist_signatures s where s.checklist_id = "checklists"."id"
  order by s.signed_at desc, s.id desc limit 1
)`)}`;

export async function insertSignature(
  db: Database,
  row: {
    id: string;
    checklistId: string;
    shareId: string | null;
    kind: SignatureKind;
    signerName: string;
    strokes: SignatureDrawing | null;
    signedAt: Date;
  },
) {
  const [inserted] = await db.insert(checklistSignatures).values(row).returning();
  if (!inserted) throw new Error('signature insert returned nothing');
  return inserted;
}

/** The latest signature of a checklist with its drawing, or undefined; the caller decided access. */
export async function latestSignature(db: Database, checklistId: string) {
  const [row] = await db
    .select()
    .from(checklistSignatures)
    .where(eq(checklistSignatures.checklistId, checklistId))
    .orderBy(desc(checklistSignatures.signedAt), desc(checklistSignatures.id))
    .limit(1);
  return row;
}

/** Whether a submit must carry a signature; a new revision. False: out of reach. */
export async function setRequireSignature(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  required: boolean,
): Promise<boolean> {
  const rows = await db
    .update(checklists)
    .set({ requireSignature: required, updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
    .where(isInReach(access, checklistId))
    .returning({ id: checklists.id });
  return rows.length > 0;
}
