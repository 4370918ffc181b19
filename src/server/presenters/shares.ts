import type { LanguageCode } from '#domain/languages';
import { maskPhone } from '#domain/phone';
import {
  maskEmail,
  type ResendResponse,
  type ShareChannel,
  type ShareResponse,
  type ShareSummary,
  type VerificationStatus,
} from '#domain/sharing';
import type { shares } from '../db/schema/index.ts';

type ShareRow = typeof shares.$inferSelect;

/** What a verified browser's answers say of its share (the columns the grant's query reads). */
export type GrantedShare = Pick<
  ShareRow,
  'id' | 'checklistId' | 'recipientId' | 'recipientName' | 'channel' | 'contact' | 'targetLanguage'
>;

/** Shares as the API and the record show them: contacts masked, never the code or token unless meant. */

export function maskContact(channel: ShareChannel, contact: string): string {
  return channel === 'email' ? maskEmail(contact) : maskPhone(contact);
}

/** 'Jane (j•••e@example.com)', or the masked contact alone: how the record names a recipient. */
export function recipientLabel(share: {
  recipientName: string | null;
  channel: ShareChannel;
  contact: string;
}): string {
  const masked = maskContact(share.channel, share.contact);
  return share.recipientName ? `${share.recipientName} (${masked})` : masked;
}

/** How a message or page names the owner: their display name, else their e-mail's local part. */
export function ownerNameOf(owner: { displayName: string; email: string }): string {
  return owner.displayName || owner.email.split('@')[0] || 'The owner';
}

/** A row of GET /api/checklists/{id}/shares. */
export function presentShareSummary(row: {
  id: string;
  recipientName: string | null;
  channel: ShareChannel;
  contact: string;
  targetLanguage: string;
  verified: boolean;
  linkLockedAt: Date | null;
  lastActivityAt: string | Date | null;
  createdAt: Date;
}): ShareSummary {
  return {
    id: row.id,
    recipientName: row.recipientName,
    channel: row.channel,
    maskedContact: maskContact(row.channel, row.contact),
    targetLanguage: row.targetLanguage as LanguageCode,
    verified: Boolean(row.verified),
    lockedAt: row.linkLockedAt ? row.linkLockedAt.toISOString() : null,
    lastActivityAt: row.lastActivityAt ? new Date(row.lastActivityAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/verification/status/{token} for the browser that verified this share. */
export function presentVerifiedStatus(share: GrantedShare): VerificationStatus {
  return {
    verified: true,
    expired: false,
    recipientId: share.recipientId,
    checklistId: share.checklistId,
    targetLanguage: share.targetLanguage as LanguageCode,
    recipientName: share.recipientName,
    maskedEmail: share.channel === 'email' ? maskEmail(share.contact) : null,
    maskedPhone: share.channel === 'sms' ? maskPhone(share.contact) : null,
    maskedContact: maskContact(share.channel, share.contact),
  };
}

/** What sending a code answers the owner; the code itself only when it went to the local outbox. */
export interface CodeSent {
  share: ShareRow;
  /** The link's token (the owner may send it again by other means). */
  token: string;
  shareUrl: string;
  codeExpiresAt: Date;
  /** The code, when the answer may show it (local mode's outbox); null otherwise. */
  visibleCode: string | null;
}

/** POST /api/verification/send. */
export function presentShareSent(sent: CodeSent): ShareResponse {
  const { share } = sent;
  return {
    shareUrl: sent.shareUrl,
    token: sent.token,
    shareId: share.id,
    recipientId: share.recipientId,
    channel: share.channel,
    maskedEmail: share.channel === 'email' ? maskEmail(share.contact) : null,
    maskedPhone: share.channel === 'sms' ? maskPhone(share.contact) : null,
    codeExpiresAt: sent.codeExpiresAt.toISOString(),
    ...(sent.visibleCode !== null ? { verificationCode: sent.visibleCode } : {}),
  };
}

/** POST /api/verification/resend. */
export function presentCodeResent(sent: CodeSent): ResendResponse {
  return {
    sent: true,
    maskedContact: maskContact(sent.share.channel, sent.share.contact),
    codeExpiresAt: sent.codeExpiresAt.toISOString(),
    ...(sent.visibleCode !== null ? { verificationCode: sent.visibleCode } : {}),
  };
}
