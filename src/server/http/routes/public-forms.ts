import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SmsConsentSchema } from '#domain/public-forms-response';
import { SmsConsentInput, type SmsConsentResponse } from '#domain/sms-consent';
import type { Database } from '../../db/client.ts';
import { recordSmsConsent } from '../../services/sms-consent.ts';
import { answers } from '../plugins/responses.ts';

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  smsConsent: { tags: ['public forms'], body: SmsConsentInput, response: answers({ 201: SmsConsentSchema }) },
};

/**
 * Anonymous forms of the public pages. Write-only: nothing here reads back anyone's data. (The
 * mailing list's sign-up is in http/routes/mailing-list.ts, beside its e-mails' links.)
 */
export async function publicFormRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/sms-consent',
    { schema: SCHEMAS.smsConsent, config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } },
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
