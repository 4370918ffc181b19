import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_KIND_LABELS } from '#domain/notification-texts';
import {
  MarkNotificationsReadInput,
  NotificationListSchema,
  NotificationPreferencesAnswer,
  NotificationPreferencesInput,
  UnsubscribeQuery,
} from '#domain/notifications';
import type { Database } from '../../db/client.ts';
import { escapeHtml, popupPage } from '../../html.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import {
  listOwnerNotifications,
  markOwnerNotificationsRead,
  ownerPreferences,
  saveOwnerPreferences,
  unsubscribe,
} from '../../services/notification-settings.ts';
import type { ShareSecrets } from '../../services/share-secrets.ts';
import { serveLinkPages } from '../plugins/link-pages.ts';
import { answers, htmlPage, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'notifications';

const SCHEMAS = {
  list: { tags: [TAG], response: answers({ 200: NotificationListSchema }, ['unauthenticated']) },
  read: {
    tags: [TAG],
    body: MarkNotificationsReadInput,
    response: answers({ 204: noBody('Marked read') }, ['unauthenticated']),
  },
  preferences: {
    tags: [TAG],
    response: answers({ 200: NotificationPreferencesAnswer }, ['unauthenticated']),
  },
  savePreferences: {
    tags: [TAG],
    body: NotificationPreferencesInput,
    response: answers({ 200: NotificationPreferencesAnswer }, ['unauthenticated']),
  },
  unsubscribePage: {
    tags: [TAG],
    response: answers({
      200: htmlPage('Asks to confirm turning that kind of e-mail off'),
      400: htmlPage('The link is not one of ours (altered or cut short): the page says so'),
    }),
  },
  unsubscribe: {
    tags: [TAG],
    response: answers({
      200: htmlPage("Unsubscribed: that kind of e-mail is off (RFC 8058's one-click POST lands here too)"),
      400: htmlPage('The link is not one of ours (altered or cut short): the page says so'),
    }),
  },
};

export interface NotificationRoutesOptions {
  db: Database;
  secrets: Pick<ShareSecrets, 'linkSignature'>;
  siteName: string;
}

/**
 * The owner's notifications and notification settings (signed in), and the unsubscribe link of
 * their e-mails (no sign-in: the signed token is the proof). Decision 0024.
 */
export async function notificationRoutes(app: FastifyInstance, options: NotificationRoutesOptions) {
  await app.register(ownerNotificationRoutes, options);
  await app.register(unsubscribeRoutes, options);
}

async function ownerNotificationRoutes(app: FastifyInstance, { db }: NotificationRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/notifications', { schema: SCHEMAS.list }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return listOwnerNotifications(db, access);
  });

  routes.post('/api/notifications/read', { schema: SCHEMAS.read }, async (request, reply) => {
    const access = ownerAccess(await requireMember(request));
    await markOwnerNotificationsRead(db, access, request.body.ids);
    return reply.status(204).send();
  });

  routes.get('/api/settings/notifications', { schema: SCHEMAS.preferences }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { preferences: await ownerPreferences(db, access) };
  });

  routes.put('/api/settings/notifications', { schema: SCHEMAS.savePreferences }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { preferences: await saveOwnerPreferences(db, access, request.body) };
  });
}

async function unsubscribeRoutes(app: FastifyInstance, { db, secrets, siteName }: NotificationRoutesOptions) {
  serveLinkPages(app);

  const tokenOf = (query: unknown) => {
    const parsed = UnsubscribeQuery.safeParse(query);
    return parsed.success ? parsed.data.token : null;
  };

  app.get('/api/unsubscribe', { schema: SCHEMAS.unsubscribePage }, async (request, reply) => {
    const token = tokenOf(request.query);
    const target = token ? await unsubscribe(db, secrets, token, { dryRun: true }) : null;
    reply.type('text/html; charset=utf-8');
    if (!token || !target) return reply.status(400).send(invalidLinkPage(siteName));
    const label = EMAIL_KIND_LABELS[target.kind];
    const action = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
    const body = target.wasOn
      ? `<h1>Unsubscribe from these e-mails?</h1>
<p>You will no longer get the e-mail “${escapeHtml(label)}” from ${escapeHtml(siteName)}. Your other e-mails and the notifications in the app stay as they are.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" class="primary">Unsubscribe</button></form>`
      : `<h1>You're already unsubscribed</h1>
<p>The e-mail “${escapeHtml(label)}” is off. You can turn it on again in your <a href="/settings">notification settings</a>.</p>`;
    return reply.send(popupPage({ title: `Unsubscribe · ${siteName}`, body }));
  });

  app.post(
    '/api/unsubscribe',
    {
      schema: SCHEMAS.unsubscribe,
      // The signed token is the proof; a mail provider's one-click POST (RFC 8058) names no origin of ours.
      config: { crossSiteAllowed: true },
    },
    async (request, reply) => {
      const token = tokenOf(request.query);
      const target = token ? await unsubscribe(db, secrets, token, { dryRun: false }) : null;
      reply.type('text/html; charset=utf-8');
      if (!token || !target) return reply.status(400).send(invalidLinkPage(siteName));
      const label = EMAIL_KIND_LABELS[target.kind];
      const body = `<h1>You're unsubscribed</h1>
<p>You will no longer get the e-mail “${escapeHtml(label)}”. You can turn it on again in your <a href="/settings">notification settings</a>.</p>`;
      return reply.send(popupPage({ title: `Unsubscribed · ${siteName}`, body }));
    },
  );
}

function invalidLinkPage(siteName: string): string {
  return popupPage({
    title: `Unsubscribe · ${siteName}`,
    body: `<h1>This unsubscribe link doesn't work</h1>
<p class="error">The link is incomplete or was changed, so nothing was changed. Open it again from the e-mail, or choose your e-mails in your notification settings after signing in.</p>`,
  });
}
