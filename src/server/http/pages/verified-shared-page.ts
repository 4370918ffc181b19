import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedPageAnswers as PageAnswers } from '#domain/sharing';
import { jsonTextForHtml } from '../../html.ts';
import { sharedPageAnswersText } from '../../presenters/checklists.ts';
import type { SharedPageAnswers } from '../../services/share-verification.ts';
import { chosenEncoding } from '../plugins/content-encoding.ts';
import { compressText } from '../plugins/json-compression.ts';
import {
  type RenderSharedChecklist,
  type VerifiedPageTemplate,
  verifiedPageHtml,
} from './prerendered-pages.ts';

/**
 * The shared page of a browser verified on the link, opened again (decision 0016): its checklist
 * comes in the page, not after it. The status and the checklist answers, as the API gives them to
 * this browser (services/share-verification.ts readSharedPageAnswers), go in a JSON block that the
 * page's script puts in its query cache; and the prerender's own components draw the checklist into
 * #root, so it paints before any script has run and hydrates as it is. Should drawing fail, the page
 * keeps its skeleton and the script draws the checklist from the block.
 *
 * Such a page is this browser's alone: never stored by any cache (`no-store`), no entity tag, and
 * `Vary: Cookie` for any cache that ignores the rest.
 */
export function sendVerifiedSharedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    token: string;
    answers: SharedPageAnswers;
    template: VerifiedPageTemplate;
    render: RenderSharedChecklist | null;
  },
) {
  const { token, answers } = page;
  // The checklist's body goes in as the API sends it (one serialisation, its read cache's string), with
  // the revision that answer's X-Checklist-Revision would name: the page's copy knows it, so the live
  // connection's 'subscribed' needs no catch-up read when nothing changed since (decision 0007).
  const json = sharedPageAnswersText(token, answers);
  let drawn: { html: string; title: string | null } | null = null;
  if (page.render) {
    try {
      const url = new URL(request.url, 'http://app');
      drawn = page.render({
        path: url.pathname,
        search: url.search.slice(1),
        answers: JSON.parse(json) as PageAnswers,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'Drawing the shared checklist failed: its page has the skeleton');
    }
  }
  const html = verifiedPageHtml(page.template, jsonTextForHtml(json), drawn);
  const encoding = chosenEncoding(request);
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Encoding, Cookie');
  if (!encoding) return reply.send(html);
  reply.header('content-encoding', encoding);
  return reply.send(compressText(html, encoding));
}
