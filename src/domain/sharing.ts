import type { Checklist } from './checklist.ts';
import type { LanguageCode } from './languages.ts';
import type { SharedTranslation } from './translation.ts';

/**
 * Verified sharing (docs/access.md "Recipients: verified sharing", docs/api.md "Sharing"): the shapes both sides
 * read, the limits, and the spec's strings. Request schemas are in sharing-input.ts (zod stays out
 * of the pages that only need these).
 */

export const SHARE_LIMITS = {
  codeDigits: 6,
  codeValidMinutes: 10,
  /** Wrong tries per code; the code is dead after them and a new one must be sent. */
  codeMaxTries: 5,
  /**
   * Wrong codes one link may take, across all its codes, since it was sent or last verified; then it
   * is locked until the owner sends a new link (docs/decisions/0018). A recipient who mistypes gets
   * four whole codes' worth; a guesser gets 20 guesses in a million per link, not 5 per code forever.
   */
  linkMaxWrongTries: 20,
  /** Between two codes sent for one share. */
  resendIntervalSeconds: 30,
  /**
   * Codes one owner may have sent (e-mail and SMS together) per hour: SMS costs money. Resends asked
   * from the link are not the owner's and never count here (they count against their share).
   */
  ownerSendsPerHour: 30,
  /** Codes one share may be sent per hour, whoever asks (the owner, or anyone holding the link). */
  sendsPerSharePerHour: 6,
  /**
   * A sender is established when the checklist's team is on a paid plan, or when their account is
   * this many days old and a recipient has verified one of their shares.
   */
  establishedAfterDays: 30,
  /** Verify attempts per IP per 10 minutes (an office behind one address must get through). */
  verifyPerIpPer10Minutes: 30,
  /** Verify attempts per share token per 10 minutes. */
  verifyPerTokenPer10Minutes: 15,
  /** How long a verified browser keeps access without verifying again (unless revoked first). */
  accessDays: 30,
  recipientNameMax: 100,
  emailMax: 254,
} as const;

/**
 * Limits on texted codes (SMS pumping, decisions 0017 and 0042), counted in the database across
 * instances, besides the per-destination ones of SHARE_LIMITS: per requesting address, for young
 * accounts, and one ceiling for the whole service (SMS_MAX_PER_HOUR overrides its default) of which
 * a part is kept for established senders (SMS_RESERVED_PERCENT).
 */
export const SMS_LIMITS = {
  /**
   * Codes texted at the request of one address per hour (an office behind one address fits); an
   * IPv6 address counts as its /64 (RATE_LIMIT_IPV6_PREFIX).
   */
  perIpPerHour: 30,
  /**
   * Codes one sender may have texted to one number per hour (their own sends; decision 0042): an
   * established sender (SHARE_LIMITS.establishedAfterDays) 10, any other 5, so that no one sender
   * fills the number's budget below alone.
   */
  perNumberPerSender: { established: 10, other: 5 },
  /**
   * Codes texted to one number per hour by every sender not yet established together (and the link
   * resends of their shares): protects the person behind it from a crowd of new accounts, while
   * established senders, who do not count here, can never be shut out by them.
   */
  perNumberFromOthersPerHour: 10,
  /** An account is new for this many days after it was made… */
  newAccountDays: 3,
  /** …and may have this many codes texted a day meanwhile (its own sends; not link resends). */
  newAccountPerDay: 5,
  /** Codes texted per hour by the whole service unless SMS_MAX_PER_HOUR says otherwise. */
  servicePerHourDefault: 200,
  /** The part of that ceiling (percent) senders not yet established may never use, unless SMS_RESERVED_PERCENT says otherwise. */
  reservedPercentDefault: 50,
} as const;

export type ShareChannel = 'email' | 'sms';

/** The spec's strings of the share dialog, the code dialog and the shared page (sections 2, 5, 8). */
export const SHARE_MESSAGES = {
  dialogTitle: 'Share Checklist',
  dialogSubtitle: 'Send the checklist to someone for completion',
  emailRequired: 'Please enter a valid email address.',
  phoneRequired: 'Please enter a valid phone number.',
  emailConsentRequired: 'Please confirm that the recipient consents to receive emails.',
  phoneConsentRequired: 'Please confirm that the recipient consents to receive text messages.',
  missingChecklistId: 'Unable to share: missing checklist ID.',
  contactRequired: 'Please provide either an email address or phone number',
  oneContactOnly: 'Send either an email address or a phone number, not both.',
  noShareUrl: 'Failed to generate a share link. Please try again.',
  shareFailed: 'Failed to share checklist. Please try again.',
  sendFailed: 'Failed to send verification code',
  copied: 'Copied!',
  codeRequired: 'Please enter the verification code',
  codeFormat: 'The code is the 6 digits we sent you.',
  codeHint: 'The 6-digit code is valid for 10 minutes.',
  verifyFailed: 'Failed to verify code. Please try again.',
  codeInvalid: 'That code is not right.',
  codeExpired: 'This code has expired. Ask for a new one.',
  codeLocked: 'Too many wrong codes. Ask for a new one.',
  linkLocked:
    'Too many wrong codes were tried on this link, so it is locked. Please ask the person who shared it with you to send a new link.',
  shareNotFound: 'Could not find the shared checklist. Please contact the sender.',
  verifiedTitle: 'Verified Access',
  verifiedText: 'You have verified access to this shared checklist',
  translatedTitle: 'Auto-Translated',
  loadFailedView: 'Unable to load shared checklist. Please try refreshing the page.',
  loadFailedToast: 'Failed to load shared checklist',
  loadedToast: 'Your shared checklist has been loaded successfully.',
  languageNotInPlan: 'This language is not included in your plan. Please upgrade to share in it.',
  resendTooSoon: 'A code was sent moments ago. Please wait a little before asking for another.',
  ownerSendLimit: 'You have sent many codes in the last hour. Please try again later.',
  smsNumberLimit: 'Many codes have been texted to this number in the last hour. Please try again later.',
  smsIpLimit:
    'Many text messages have been asked for from this network in the last hour. Please try again later.',
  newAccountSmsLimit: `New accounts can text ${SMS_LIMITS.newAccountPerDay} codes a day for their first ${SMS_LIMITS.newAccountDays} days. Please try again later, or share by email.`,
  smsPaused:
    'Text messages are paused for a while: the service has sent unusually many. Please try again later, or share by email.',
} as const;

/** The answer to POST /api/verification/send (spec section 3 "Share response", plus ours). */
export interface ShareResponse {
  shareUrl: string;
  token: string;
  shareId: string;
  recipientId: string;
  channel: ShareChannel;
  maskedEmail: string | null;
  maskedPhone: string | null;
  /** When the code just sent stops working (ISO). */
  codeExpiresAt: string;
  /** Local mode only (the spec's "development mode"): the code itself. */
  verificationCode?: string;
}

/** The answer to POST /api/verification/resend: a new code went to the share's contact. */
export interface ResendResponse {
  sent: true;
  maskedContact: string;
  codeExpiresAt: string;
  verificationCode?: string;
}

/** The answer to POST /api/verification/verify on success (the recipient cookie is set with it). */
export interface VerifyResponse {
  verified: true;
  checklistId: string;
  recipientId: string;
  targetLanguage: LanguageCode;
}

/**
 * GET /api/verification/status/{token}: for a browser that has verified this share, the details;
 * for any other browser (and any unknown token) only `{verified: false, expired: false}`.
 * `expired` is true when this browser's access ran out (it must verify again).
 */
export type VerificationStatus =
  | {
      verified: true;
      expired: false;
      recipientId: string;
      checklistId: string;
      targetLanguage: LanguageCode;
      recipientName: string | null;
      maskedEmail: string | null;
      maskedPhone: string | null;
      maskedContact: string;
    }
  | { verified: false; expired: boolean };

/**
 * GET /api/shared/checklist?token=&lang=: the checklist as the recipient may see it, its owner's texts
 * (name, task descriptions and details, remarks) in `language` when an engine could translate them
 * (SharedTranslation says which, and carries the originals).
 */
export interface SharedChecklistResponse extends SharedTranslation {
  success: true;
  /** `userId` is always null here: nothing of the owner but their display name is shown. */
  checklist: Checklist;
  /** The language the owner chose when sharing (the page's language unless `lang` overrides it). */
  targetLanguage: LanguageCode;
  ownerName: string;
  recipientName: string | null;
  maskedContact: string;
  message: string;
}

/** The id of the JSON block (not executed: the CSP allows no inline script) of a shared page's answers. */
export const SHARED_ANSWERS_ELEMENT_ID = 'listsync-shared-answers';

/**
 * What a verified recipient's shared page carries in that block (docs/decisions/0016): the answers its
 * two first asks would get, as the API gives them to this browser, so the checklist shows without them.
 */
export interface SharedPageAnswers {
  /** The link they answer for: the page uses them only on this link. */
  token: string;
  /** The page's language: the link's `lang`, else the share's own; `checklist` is in it. */
  language: LanguageCode;
  /** GET /api/verification/status/{token}. */
  status: VerificationStatus;
  /** GET /api/shared/checklist?token={token}&lang={language}. */
  checklist: SharedChecklistResponse;
  /** The revision of the checklist's state `checklist` holds: that answer's X-Checklist-Revision. */
  revision: number;
}

/** A row of GET /api/checklists/{id}/shares (owner only). */
export interface ShareSummary {
  id: string;
  recipientName: string | null;
  channel: ShareChannel;
  maskedContact: string;
  targetLanguage: LanguageCode;
  /** Whether some browser has verified this share's current link. */
  verified: boolean;
  /** When too many wrong codes locked the link (ISO), or null: a new link unlocks it. */
  lockedAt: string | null;
  lastActivityAt: string | null;
  createdAt: string;
}

/** 'jane.doe@example.com' -> 'j•••e@example.com'; a one-letter name keeps only that letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const masked = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${masked}@${domain}`;
}

/** The share's link as the recipient opens it; `lang` only when it is not English. */
export function shareLink(publicUrl: string, token: string, language: LanguageCode): string {
  const url = new URL(`/shared/${encodeURIComponent(token)}`, publicUrl);
  if (language !== 'en') url.searchParams.set('lang', language);
  return url.href;
}
