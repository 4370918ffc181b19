import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedPageAnswers as PageAnswers } from '#domain/sharing';
import { jsonTextForHtml } from '../../html.ts';
import { sharedPageAnswersText } from '../../presenters/checklists.ts';
import type { SharedPageAnswers } from '../../services/share-verification.ts';
import { chosenEncoding } from '../plugins/content-encoding.ts';
import { compressText, compressTextOffLoop, OFF_LOOP_FROM } from '../plugins/json-compression.ts';
import { type SharedRenderInput, type VerifiedPageTemplate, verifiedPageHtml } from './prerendered-pages.ts';

/** Draws the checklist for the page, off the event loop (a heavy-work thread: decision 0041). */
export type DrawSharedChecklist = (
  input: SharedRenderInput,
) => Promise<{ html: string; title: string | null }>;

/**
 * The shared page of a browser verified on the link, opened again (decision 0016): its checklist
 * comes in the page, not after it. The status and the checklist answers, as the API gives them to
 * this browser (services/share-verification.ts readSharedPageAnswers), go in a JSON block that the
 * page's script puts in its query cache; and the prerender's own components draw the checklist into
 * #root, so it paints before any script has run and hydrates as it is. Should drawing fail (or the
 * worker threads that draw it be busy), the page keeps its skeleton and the script draws the checklist
 * from the block.
 *
 * Such a page is this browser's alone: never stored by any cache (`no-store`), no entity tag, and
 * `Vary: Cookie` for any cache that ignores the rest.
 */
export async function sendVerifiedSharedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    token: string;
    answers: SharedPageAnswers;
    template: VerifiedPageTemplate;
    draw: DrawSharedChecklist | null;
  },
) {
  const { token, answers } = page;
  // The checklist's body goes in as the API sends it (one serialisation, its read cache's string), with
  // the revision that answer's X-Checklist-Revision would name: the page's copy knows it, so the live
  // connection's 'subscribed' needs no catch-up read when nothing changed since (decision 0007).
  const json = sharedPageAnswersText(token, answers);
  let drawn: { html: string; title: string | null } | null = null;
  if (page.draw) {
    try {
      const url = new URL(request.url, 'http://app');
      drawn = await page.draw({
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
  // A long checklist's page is megabytes: compressed on libuv's threads, as large JSON answers are.
  return reply.send(
    html.length >= OFF_LOOP_FROM ? await compressTextOffLoop(html, encoding) : compressText(html, encoding),
  );
}
