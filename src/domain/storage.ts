import { PLAN_LIMITS, type Tier } from './plans.ts';
import { storageAmount } from './team-texts.ts';

/**
 * A team's storage (docs/storage.md, decision 0053): every stored byte of its photos (both sizes of
 * each proof and reference photo; reports are made when asked and never kept) against its plan's
 * limit. Pure rules both sides read; zod-free (the team page and the photo dialog import it).
 */

/** At this share of the limit the owners are warned, once until the figure falls below it again. */
export const STORAGE_WARNING_RATIO = 0.8;

export interface StorageUse {
  usedBytes: number;
  /** Null: the plan has no limit. */
  limitBytes: number | null;
}

/** 'ok', 'warning' (at or past 80%), or 'full' (at or past the limit: the next upload is refused). */
export type StorageLevel = 'ok' | 'warning' | 'full';

export function storageLimitOf(tier: Tier): number | null {
  return PLAN_LIMITS[tier].storageBytes;
}

export function storageLevel({ usedBytes, limitBytes }: StorageUse): StorageLevel {
  if (limitBytes === null) return 'ok';
  if (usedBytes >= limitBytes) return 'full';
  return usedBytes >= limitBytes * STORAGE_WARNING_RATIO ? 'warning' : 'ok';
}

/** Whether `adding` more bytes would take the team past its limit (reaching it exactly is allowed). */
export function wouldExceed(use: StorageUse, adding: number): boolean {
  return use.limitBytes !== null && use.usedBytes + adding > use.limitBytes;
}

/** The share used, 0 to 100 (whole percent, rounded down so 'full' only shows when it is); null: no limit. */
export function storagePercent({ usedBytes, limitBytes }: StorageUse): number | null {
  if (limitBytes === null || limitBytes <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((usedBytes / limitBytes) * 100)));
}

/** '820 MB of 1 GB'. */
export function storageUsedOf({ usedBytes, limitBytes }: StorageUse): string {
  return `${storageAmount(Math.max(0, usedBytes))} of ${limitBytes === null ? 'Unlimited' : storageAmount(limitBytes)}`;
}

/** The server's words (English): the error's message and the owners' notifications. */
export const STORAGE_MESSAGES = {
  /** 403 storage_quota_exceeded to a member of the team. */
  ownerFull: (use: StorageUse) =>
    `Your team's storage is full (${storageUsedOf(use)}). Delete photos or upgrade your plan to add more.`,
  /** 403 storage_quota_exceeded to a recipient: nothing about the owner's figures in the words. */
  recipientFull: "The owner's storage is full, so this photo can't be saved. We told the owner.",
  /** The 'storage_warning' notification's detail. */
  warning: (use: StorageUse) =>
    `${storageUsedOf(use)} used. Uploads stop at the limit: delete photos or upgrade your plan.`,
  /** The 'storage_full' notification's detail. */
  recipientRefused: (use: StorageUse) =>
    `A recipient's photo was refused (${storageUsedOf(use)} used). Delete photos or upgrade your plan.`,
} as const;
