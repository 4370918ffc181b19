import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MailingListSignupInput, type MailingListSignupResponse } from '#domain/mailing-list';
import { SmsConsentInput, type SmsConsentResponse } from '#domain/sms-consent';
import type { Database } from '../db/client.ts';
import { subscribeToMailingList } from '../services/mailing-list.ts';
import { recordSmsConsent } from '../services/sms-consent.ts';

/** Anonymous forms of the public pages. Write-only: nothing here reads back anyone's data. */
export async function publicFormRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/mailing-list/subscribe',
    {
      schema: { body: MailingListSignupInput },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request): Promise<MailingListSignupResponse> => {
      const { created } = await subscribeToMailingList(db, request.body.email);
      return { ok: true, created };
    },
  );

  routes.post(
    '/api/sms-consent',
    { schema: { body: SmsConsentInput }, config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<SmsConsentResponse> => {
      const { firstName, lastName, phoneNumber, marketingConsent } = request.body;
      const { consentedAt } = await recordSmsConsent(db, {
        firstName,
        lastName,
        phoneNumber,
        marketingConsent,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      reply.status(201);
      return { ok: true, phoneNumber, consentedAt: consentedAt.toISOString() };
    },
  );
}
