import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { insertSmsConsent } from '../repositories/public-forms.ts';

export interface SmsConsentRecord {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  marketingConsent: boolean;
  /** What the server observed, never what the client claimed. */
  ipAddress: string;
  userAgent: string;
}

/** Appends a consent record (each submission is kept as evidence) and answers when it was recorded. */
export async function recordSmsConsent(
  db: Database,
  record: SmsConsentRecord,
): Promise<{ consentedAt: Date }> {
  return insertSmsConsent(db, {
    id: newId('consent'),
    consent: true,
    isActive: true,
    ...record,
    userAgent: record.userAgent.slice(0, 512),
  });
}
