import { z } from 'zod';
import { EmailAddress } from './user-input.ts';

/** `POST /api/mailing-list/subscribe` */
export const MailingListSignupInput = z.object({ email: EmailAddress });
export type MailingListSignupInput = z.infer<typeof MailingListSignupInput>;

export interface MailingListSignupResponse {
  ok: true;
  /** False when the address was already on the list: it is stored once however often it is sent. */
  created: boolean;
}

export const MAILING_LIST_SUCCESS = "✓ Thanks! You'll be notified when new features are available.";
