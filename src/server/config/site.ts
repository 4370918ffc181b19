import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '#domain/site';
import { optionalText } from './env-fields.ts';

/**
 * What the site calls itself and who runs it: the product name, and the contact details the footer,
 * the SMS consent page and the e-mails show.
 */

export const SiteEnv = z.object({
  SITE_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_NAME),
  SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
  SMS_SENDER_NUMBER: optionalText,
  COMPANY_TRADE_NAME: optionalText,
  COMPANY_LEGAL_NAME: optionalText,
});
export type SiteEnv = z.infer<typeof SiteEnv>;

export interface Contact {
  supportEmail: string;
  smsSenderNumber: string;
  companyTradeName: string;
  companyLegalName: string;
}

/**
 * The contact details, each set or made up from the rest: support@ the public host, the number texts
 * come from (Twilio's when set), the business named after the site.
 */
export function readContact(e: SiteEnv, publicUrl: URL, twilioFromNumber: string | undefined): Contact {
  return {
    supportEmail:
      e.SUPPORT_EMAIL ??
      `support@${publicUrl.hostname === 'localhost' ? 'listsync.example' : publicUrl.hostname}`,
    smsSenderNumber: e.SMS_SENDER_NUMBER ?? twilioFromNumber ?? '+1 (555) 010-0199',
    companyTradeName: e.COMPANY_TRADE_NAME ?? `${e.SITE_NAME} Consulting`,
    companyLegalName: e.COMPANY_LEGAL_NAME ?? `${e.SITE_NAME} Labs LLC`,
  };
}
