import { AppError } from '#domain/errors';
import {
  STORAGE_MESSAGES,
  STORAGE_WARNING_RATIO,
  type StorageUse,
  storageLimitOf,
  wouldExceed,
} from '#domain/storage';
import type { Database } from '../db/client.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import {
  claimStorageFullNotice,
  lockStorageOfChecklistTeam,
  setStorageWarnedAt,
  storageOfChecklistTeam,
  type TeamStorageRow,
} from '../repositories/storage.ts';
import { tellCreatorAndOwner } from './automation-notices.ts';

/**
 * The storage quota (docs/storage.md, decision 0053): an upload that would take the team past its
 * plan's storage is refused with 403 storage_quota_exceeded before anything is stored. Checked three
 * times: before the upload is read (a team already full), once it is processed and its size known
 * (before any byte is put), and in the transaction that inserts its row, under a lock of the team's
 * row (two uploads at once: the second sees the first's bytes; its just-written files are deleted).
 */

/** A recipient's refused upload tells the owner at most once a day per team. */
export const STORAGE_FULL_NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** 403 storage_quota_exceeded, with what `afterRefusal` needs to tell the owner. */
export class StorageRefused extends AppError {
  readonly byRecipient: boolean;

  constructor(
    access: ChecklistAccess,
    readonly team: TeamStorageRow,
    readonly use: StorageUse,
  ) {
    const byRecipient = access.kind === 'recipient';
    super(
      'storage_quota_exceeded',
      byRecipient ? STORAGE_MESSAGES.recipientFull : STORAGE_MESSAGES.ownerFull(use),
      { usedBytes: Math.max(0, use.usedBytes), limitBytes: use.limitBytes ?? 0 },
    );
    this.byRecipient = byRecipient;
  }
}

function storageUseOf(row: TeamStorageRow): StorageUse {
  return { usedBytes: row.usedBytes, limitBytes: storageLimitOf(row.tier) };
}

export class StorageQuota {
  constructor(
    private readonly db: Database,
    private readonly log: { error(object: object, message: string): void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Refuses an upload of `bytes` more to this checklist's team when it would pass the limit (0 bytes:
   * refuses only a team already at its limit, before the upload is read). No lock: the transaction
   * checks again (`reserve`).
   */
  async assertRoom(access: ChecklistAccess, checklistId: string, bytes: number): Promise<void> {
    const row = await storageOfChecklistTeam(this.db, checklistId);
    if (!row) return; // No checklist: the caller's own check answers 404.
    const use = storageUseOf(row);
    if (bytes === 0 ? use.limitBytes !== null && use.usedBytes >= use.limitBytes : wouldExceed(use, bytes)) {
      const refused = new StorageRefused(access, row, use);
      await this.afterRefusal(refused);
      throw refused;
    }
  }

  /**
   * Inside the transaction that inserts the photo's row, before it: locks the team's figure, refuses
   * when the photo's bytes would pass the limit, and keeps the 80% warning (told once; cleared when
   * the figure is below again). Answers the team's id, which the photo's row keeps.
   */
  async reserve(
    tx: Database,
    access: ChecklistAccess,
    checklistId: string,
    bytes: number,
  ): Promise<string | null> {
    const row = await lockStorageOfChecklistTeam(tx, checklistId);
    if (!row) return null;
    const use = storageUseOf(row);
    if (wouldExceed(use, bytes)) throw new StorageRefused(access, row, use);
    await this.keepWarning(tx, row, { usedBytes: use.usedBytes + bytes, limitBytes: use.limitBytes });
    return row.teamId;
  }

  /** Warns the owner when the figure reaches 80% (once), and forgets the warning below it. */
  private async keepWarning(tx: Database, row: TeamStorageRow, after: StorageUse): Promise<void> {
    const over = after.limitBytes !== null && after.usedBytes >= after.limitBytes * STORAGE_WARNING_RATIO;
    if (!over) {
      if (row.warnedAt) await setStorageWarnedAt(tx, row.teamId, null);
      return;
    }
    if (row.warnedAt) return;
    await setStorageWarnedAt(tx, row.teamId, this.now());
    await tellCreatorAndOwner(
      tx,
      { teamId: row.teamId, creatorId: null },
      {
        kind: 'storage_warning',
        checklistId: null,
        checklistName: row.teamName,
        reason: STORAGE_MESSAGES.warning(after),
      },
    );
  }

  /**
   * After a refusal has ended its transaction (the lock is gone): a recipient's tells the owner, at
   * most once a day per team. Anything else passes untouched. Never throws: the refusal stands.
   */
  async afterRefusal(error: unknown): Promise<void> {
    if (!(error instanceof StorageRefused) || !error.byRecipient) return;
    try {
      await this.tellOwnerOfRefusal(error.team, error.use);
    } catch (failure) {
      this.log.error({ err: failure }, 'storage: the owner was not told of a refused upload');
    }
  }

  private async tellOwnerOfRefusal(row: TeamStorageRow, use: StorageUse): Promise<void> {
    const now = this.now();
    const since = new Date(now.getTime() - STORAGE_FULL_NOTICE_INTERVAL_MS);
    // Its own transaction: the upload's (if any) is rolled back by the refusal.
    await this.db.transaction(async (tx) => {
      if (!(await claimStorageFullNotice(tx, row.teamId, now, since))) return;
      await tellCreatorAndOwner(
        tx,
        { teamId: row.teamId, creatorId: null },
        {
          kind: 'storage_full',
          checklistId: null,
          checklistName: row.teamName,
          reason: STORAGE_MESSAGES.recipientRefused(use),
        },
      );
    });
  }
}
