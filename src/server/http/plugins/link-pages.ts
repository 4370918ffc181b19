import type { FastifyInstance } from 'fastify';

/** RFC 8058's POST body (`List-Unsubscribe=One-Click`) and the pages' buttons: read and ignored. */
const FORM_BODIES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * For the pages that links in e-mails open (unsubscribe, mailing-list confirm), in their own plugin
 * scope: a form POST's body is accepted and ignored, and the page, which holds a signed token, is never
 * cached, never sent on as a Referer, never indexed.
 */
export function serveLinkPages(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_BODIES, { parseAs: 'string', bodyLimit: 4_096 }, (_request, _body, done) =>
    done(null, undefined),
  );
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex');
  });
}
