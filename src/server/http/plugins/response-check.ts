import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CHECKLIST_REVISION_HEADER, parseChecklistRevision } from '#domain/checklist-revision';
import { ErrorBodySchema } from '#domain/errors';
import { REPLAYED_HEADER } from './idempotency.ts';
import { type Answer, type Answers, isContentAnswer, isNoBody } from './responses.ts';

/**
 * The tests' check of every answer (buildApp's `checkResponses`, on in tests/support): each answer
 * must be declared by its route for its status, with its media type, and its body must match the
 * declared zod schema exactly (no field missing, none extra). JSON is checked as it leaves, parsed
 * from the text the client gets, so the cached checklist JSON the hot routes send as text is checked
 * like every other answer. The X-Checklist-Revision header is checked too: every success of a route
 * that declares it (`answersRevision`) carries a whole number, but a replay; no other answer has it.
 * Production does none of this.
 */

export interface ResponseMismatch {
  method: string;
  /** The route's pattern (`/api/checklists/:id`), or the path for an answer outside any route. */
  route: string;
  status: number;
  problem: string;
  body: string;
}

const checked = new WeakSet<FastifyRequest>();

/** The media type of the answer (`application/json`), without parameters; '' without a body type. */
function mediaTypeOf(reply: FastifyReply): string {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' ? (type.split(';')[0] ?? '').trim().toLowerCase() : '';
}

function isEmpty(payload: unknown): boolean {
  return (
    payload === undefined ||
    payload === null ||
    payload === '' ||
    (Buffer.isBuffer(payload) && !payload.length)
  );
}

function textOf(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

function checkJson(schema: z.ZodType, payload: unknown): string | null {
  const text = textOf(payload);
  if (text === null) return 'a JSON answer that is not text';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a JSON answer that does not parse';
  }
  const result = schema.safeParse(body);
  return result.success ? null : `the body does not match its schema: ${describeIssues(result.error)}`;
}

/** What is wrong with this answer as the route declared it, or null. */
export function responseProblem(
  answer: Answer | undefined,
  mediaType: string,
  payload: unknown,
): string | null {
  if (answer === undefined) return 'this status is not declared';
  if (isContentAnswer(answer)) {
    const declared = answer.content[mediaType];
    if (!declared)
      return `media type '${mediaType}' is not declared (${Object.keys(answer.content).join(', ')})`;
    if (mediaType === 'application/json') return checkJson(declared.schema, payload);
    const text = typeof payload === 'string' ? payload : null;
    if (text === null) return null; // bytes or a stream (a photo): the media type is what is checked
    const result = declared.schema.safeParse(text);
    return result.success ? null : `the body does not match its schema: ${describeIssues(result.error)}`;
  }
  if (isNoBody(answer)) return isEmpty(payload) ? null : 'a body where none is declared';
  if (mediaType !== 'application/json') return `media type '${mediaType}' where JSON is declared`;
  return checkJson(answer, payload);
}

/** What is wrong with the answer's X-Checklist-Revision header, or null. */
export function revisionHeaderProblem(
  declared: boolean,
  status: number,
  headers: { revision: unknown; replayed: unknown },
): string | null {
  const { revision, replayed } = headers;
  if (!declared || status < 200 || status >= 300) {
    return revision === undefined ? null : `${CHECKLIST_REVISION_HEADER} where it is not declared`;
  }
  if (replayed === 'true') return null;
  if (typeof revision !== 'string' || parseChecklistRevision(revision) === null) {
    return `${CHECKLIST_REVISION_HEADER} missing or not a whole number (${String(revision)})`;
  }
  return null;
}

/**
 * Registers the check (before any route). A mismatch is reported, and the answer becomes a 500, so
 * a test fails whichever it looks at.
 */
export function registerResponseCheck(app: FastifyInstance, report: (mismatch: ResponseMismatch) => void) {
  const fail = (request: FastifyRequest, reply: FastifyReply, problem: string, body: string): Error => {
    checked.add(request);
    const mismatch: ResponseMismatch = {
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status: reply.statusCode,
      problem,
      body: body.slice(0, 500),
    };
    report(mismatch);
    return new Error(`Answer of ${mismatch.method} ${mismatch.route} (${mismatch.status}): ${problem}`);
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    // The 500 that replaces a mismatched answer is not judged again.
    if (checked.has(request)) return done(null, payload);
    const response = request.routeOptions.schema?.response as Answers | undefined;
    const status = reply.statusCode;
    const problem =
      request.routeOptions.url === undefined
        ? // Outside any route (an unknown path, an address the router refused): the error shape.
          responseProblem(status >= 400 ? ErrorBodySchema : undefined, mediaTypeOf(reply), payload)
        : response
          ? responseProblem(response[status], mediaTypeOf(reply), payload)
          : 'the route declares no answers';
    const headerProblem = revisionHeaderProblem(
      request.routeOptions.config?.answersRevision === true,
      status,
      { revision: reply.getHeader(CHECKLIST_REVISION_HEADER), replayed: reply.getHeader(REPLAYED_HEADER) },
    );
    if (!problem && !headerProblem) return done(null, payload);
    const text = textOf(payload);
    done(fail(request, reply, problem ?? headerProblem ?? '', text === null ? `(${typeof payload})` : text));
  });
}

/** One line for a test's failure message. */
export function describeMismatch(mismatch: ResponseMismatch): string {
  return `${mismatch.method} ${mismatch.route} answered ${mismatch.status}: ${mismatch.problem}\n  body: ${mismatch.body}`;
}
