import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MailingListSignupInput, type MailingListSignupResponse } from '#domain/mailing-list';
import { UnsubscribeQuery } from '#domain/notifications';
import { MailingListSignupSchema } from '#domain/public-forms-response';
import { escapeHtml, popupPage } from '../../html.ts';
import {
  followMailingListLink,
  type MailingList,
  type MailingListContext,
  type MailingListPurpose,
} from '../../services/mailing-list.ts';
import { serveLinkPages } from '../plugins/link-pages.ts';
import { answers, htmlPage } from '../plugins/responses.ts';

const TAG = 'public forms';
const INVALID = htmlPage('The link is not one of ours (altered or cut short): the page says so');

const SCHEMAS = {
  subscribe: {
    tags: [TAG],
    body: MailingListSignupInput,
    response: answers({ 200: MailingListSignupSchema }),
  },
  confirmPage: {
    tags: [TAG],
    response: answers({
      200: htmlPage('Asks to confirm the subscription (a link scanner only sees this)'),
      400: INVALID,
    }),
  },
  confirm: {
    tags: [TAG],
    response: answers({ 200: htmlPage('Subscribed: the address is on the list'), 400: INVALID }),
  },
  unsubscribePage: {
    tags: [TAG],
    response: answers({ 200: htmlPage('Asks to confirm leaving the list'), 400: INVALID }),
  },
  unsubscribe: {
    tags: [TAG],
    response: answers({
      200: htmlPage("Unsubscribed (RFC 8058's one-click POST lands here too)"),
      400: INVALID,
    }),
  },
};

/**
 * The mailing list (decision 0029): the banner's sign-up, and the two links of its e-mails. Each link
 * opens a page that asks (GET changes nothing, so a mail scanner that follows links confirms nobody)
 * and acts on its button's POST; the unsubscribe POST is also RFC 8058's one-click.
 */
export async function mailingListRoutes(
  app: FastifyInstance,
  { list, context }: { list: MailingList; context: MailingListContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/mailing-list/subscribe',
    { schema: SCHEMAS.subscribe, config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request): Promise<MailingListSignupResponse> => {
      await list.subscribe(request.body.email);
      return { ok: true };
    },
  );

  await app.register(async (links) => {
    serveLinkPages(links);
    links.addHook('onRequest', async (_request, reply) => {
      reply.type('text/html; charset=utf-8');
    });
    const pages = linkPagesOf(context.siteName);
    confirmLinkRoutes(links, context, pages);
    unsubscribeLinkRoutes(links, context, pages);
  });
}

/** The pieces of the links' pages: a page of this site, the broken link's page, a button that posts. */
interface LinkPages {
  page(title: string, body: string): string;
  invalid: string;
  form(path: string, token: string, label: string): string;
}

function linkPagesOf(siteName: string): LinkPages {
  const page = (title: string, body: string) => popupPage({ title: `${title} · ${siteName}`, body });
  const invalid = page(
    'Mailing list',
    `<h1>This link doesn't work</h1>
<p class="error">The link is incomplete or was changed, so nothing was changed. Open it again from the e-mail.</p>`,
  );
  const form = (path: string, token: string, label: string) =>
    `<form method="post" action="${escapeHtml(`${path}?token=${encodeURIComponent(token)}`)}"><button type="submit" class="primary">${escapeHtml(label)}</button></form>`;
  return { page, invalid, form };
}

/** The link's token and the subscriber it names (acted on unless `dryRun`); null for a broken link. */
async function followLink(
  { db, secrets }: MailingListContext,
  query: unknown,
  purpose: MailingListPurpose,
  dryRun: boolean,
) {
  const parsed = UnsubscribeQuery.safeParse(query);
  const token = parsed.success ? parsed.data.token : null;
  const found = token ? await followMailingListLink(db, secrets, token, purpose, { dryRun }) : null;
  return token && found ? { token, found } : null;
}

/** The confirmation link: its page asks, its button subscribes. */
function confirmLinkRoutes(links: FastifyInstance, context: MailingListContext, pages: LinkPages) {
  const { siteName } = context;
  const { page, invalid, form } = pages;

  links.get('/api/mailing-list/confirm', { schema: SCHEMAS.confirmPage }, async (request, reply) => {
    const followed = await followLink(context, request.query, 'confirm', true);
    if (!followed) return reply.status(400).send(invalid);
    const { token, found } = followed;
    return reply.send(
      found.wasSubscribed
        ? page(
            'Subscribed',
            `<h1>You're already subscribed</h1>
<p>${escapeHtml(found.email)} hears about new ${escapeHtml(siteName)} features. Every e-mail has a link to leave.</p>`,
          )
        : page(
            'Confirm',
            `<h1>Confirm your subscription</h1>
<p>Send news of new ${escapeHtml(siteName)} features to ${escapeHtml(found.email)}? You can leave at any time from any of these e-mails.</p>
${form('/api/mailing-list/confirm', token, 'Confirm subscription')}`,
          ),
    );
  });

  // The signed token is the proof (only the address's owner has it), and the page that posts here
  // sends no Referer, so its Origin is 'null': the origin check cannot apply.
  const confirmOptions = { schema: SCHEMAS.confirm, config: { crossSiteAllowed: true } };
  links.post('/api/mailing-list/confirm', confirmOptions, async (request, reply) => {
    const followed = await followLink(context, request.query, 'confirm', false);
    if (!followed) return reply.status(400).send(invalid);
    return reply.send(
      page(
        'Subscribed',
        `<h1>You're subscribed</h1>
<p>${escapeHtml(followed.found.email)} will hear about new ${escapeHtml(siteName)} features. Every e-mail has a link to leave.</p>`,
      ),
    );
  });
}

/** The unsubscribe link: its page asks, its button (or a mail provider's one-click POST) unsubscribes. */
function unsubscribeLinkRoutes(links: FastifyInstance, context: MailingListContext, pages: LinkPages) {
  const { siteName } = context;
  const { page, invalid, form } = pages;

  links.get('/api/mailing-list/unsubscribe', { schema: SCHEMAS.unsubscribePage }, async (request, reply) => {
    const followed = await followLink(context, request.query, 'unsubscribe', true);
    if (!followed) return reply.status(400).send(invalid);
    return reply.send(
      page(
        'Unsubscribe',
        `<h1>Leave the mailing list?</h1>
<p>${escapeHtml(followed.found.email)} will get no more news of ${escapeHtml(siteName)} features.</p>
${form('/api/mailing-list/unsubscribe', followed.token, 'Unsubscribe')}`,
      ),
    );
  });

  links.post(
    '/api/mailing-list/unsubscribe',
    // The signed token is the proof; a mail provider's one-click POST (RFC 8058) names no origin of ours.
    { schema: SCHEMAS.unsubscribe, config: { crossSiteAllowed: true } },
    async (request, reply) => {
      const followed = await followLink(context, request.query, 'unsubscribe', false);
      if (!followed) return reply.status(400).send(invalid);
      return reply.send(
        page(
          'Unsubscribed',
          `<h1>You're unsubscribed</h1>
<p>${escapeHtml(followed.found.email)} gets no more news of ${escapeHtml(siteName)} features.</p>`,
        ),
      );
    },
  );
}
