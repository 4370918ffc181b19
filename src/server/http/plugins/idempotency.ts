import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { AppError } from '#domain/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, IdempotencyKey } from '#domain/offline';
import type { Database } from '../../db/client.ts';
import type { AfterCommitWriter } from '../../services/after-commit.ts';
import {
  AnswerKeeper,
  type ClaimResult,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  whyNotClaimed,
} from '../../services/idempotency.ts';
import type { KeyClaim, StatementKey } from '../../services/task-changes.ts';
import { recipientBrowserHash } from './recipient.ts';
import { sessionCookieName } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an Idempotency-Key (docs/decisions/0006). 'body': the key is claimed after
     * validation, the fingerprint taking the parsed body. 'in-handler': the handler claims it through
     * `claimInHandler` once it has what the fingerprint needs (an upload's bytes). 'in-statement': the
     * service claims it in the statement of the change itself (`statementKeyOf`, the tick's): no
     * round trip of its own, and no principal looked up before (the statement finds it).
     */
    idempotent?: 'body' | 'in-handler' | 'in-statement';
  }
}

/** Answered on a replay of a stored answer (the IETF draft's usage). */
export const REPLAYED_HEADER = 'idempotent-replayed';

interface KeyedRequest {
  db: Database;
  keeper: AnswerKeeper;
  /** Null until the statement that claims the key names it ('in-statement'). */
  principal: string | null;
  key: string;
  /** Set once the key is claimed for this request. */
  requestHash: string | null;
  /** 'unclaimed': a statement found the key held by another request (answerIfUnclaimed says why). */
  phase: 'open' | 'claimed' | 'unclaimed' | 'done';
}

/** Only requests that carry the header are ever in here: the others cost a header lookup per hook. */
const keyed = new WeakMap<FastifyRequest, KeyedRequest>();

/**
 * Who the key belongs to: the signed-in user, else (on routes recipients use) the recipient browser.
 * Null when nobody is asking: the route then answers 401 itself and no key is kept.
 */
async function principalOf(request: FastifyRequest): Promise<string | null> {
  if (request.cookies[sessionCookieName(request.server.config)]) {
    const user = await request.currentUser();
    if (user) return user.uid;
  }
  if (request.routeOptions.config.recipients) {
    const browserHash = recipientBrowserHash(request);
    if (browserHash) return `recipient:${browserHash}`;
  }
  return null;
}

/** The key's shape (400 when it is not a valid key). */
function parseKey(header: string | string[]): string {
  const parsed = IdempotencyKey.safeParse(Array.isArray(header) ? header.join(',') : header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Idempotency-Key is not valid';
    throw new AppError('validation_failed', message, {
      issues: [{ path: `headers.${IDEMPOTENCY_HEADER}`, message }],
    });
  }
  return parsed.data;
}

/** Route-level onRequest (after the plugin's authentication): the key's shape and its owner. */
async function readKey(
  request: FastifyRequest,
  store: { db: Database; keeper: AnswerKeeper },
  header: string | string[],
): Promise<void> {
  const key = parseKey(header);
  const principal = await principalOf(request);
  if (principal) keyed.set(request, { ...store, principal, key, requestHash: null, phase: 'open' });
}

/** Sends the stored answer of a replay, or refuses a key in flight (409) or used for another request (422). */
function answerUnclaimed(reply: FastifyReply, result: Exclude<ClaimResult, { kind: 'claimed' }>): void {
  if (result.kind === 'in-flight') {
    reply.header('retry-after', '1');
    throw new AppError('idempotency_key_in_use', IDEMPOTENCY_MESSAGES.inFlight);
  }
  if (result.kind === 'reused') throw new AppError('idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
  const { answer } = result;
  reply.code(answer.status).header(REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.type(answer.contentType);
  reply.send(answer.status === 204 ? undefined : answer.body);
}

/**
 * Claims the key for this request: true when the stored answer of the same request was sent instead
 * (the caller must do nothing more); throws 409 while the same key is in flight, 422 when it served
 * another request.
 */
async function claim(request: FastifyRequest, reply: FastifyReply, body: unknown): Promise<boolean> {
  const state = keyed.get(request);
  if (state?.phase !== 'open' || state.principal === null) return false;
  const requestHash = requestFingerprint(
    request.method,
    request.routeOptions.url ?? '',
    request.params,
    body,
  );
  const result = await claimIdempotencyKey(state.db, state.keeper, state.principal, state.key, requestHash);
  if (result.kind === 'claimed') {
    state.requestHash = requestHash;
    state.phase = 'claimed';
    return false;
  }
  state.phase = 'done';
  answerUnclaimed(reply, result);
  return true;
}

/**
 * For a route marked `idempotent: 'in-statement'`: the key for the service to claim in its statement
 * (undefined without an Idempotency-Key). The service tells `claimed` what came of it first thing;
 * when the key was not claimed, `answerIfUnclaimed` then answers the replay or the refusal.
 */
export function statementKeyOf(request: FastifyRequest): StatementKey | undefined {
  const state = keyed.get(request);
  if (state?.phase !== 'open') return undefined;
  const requestHash = requestFingerprint(
    request.method,
    request.routeOptions.url ?? '',
    request.params,
    request.body,
  );
  return {
    key: state.key,
    requestHash,
    claimed(claim: KeyClaim) {
      if (claim.principal === null) {
        // Nobody is asking: the route answers 401 itself and no key is kept.
        keyed.delete(request);
        return;
      }
      state.principal = claim.principal;
      state.requestHash = requestHash;
      state.phase = claim.claimed ? 'claimed' : 'unclaimed';
    },
  };
}

/**
 * After a service ran with `statementKeyOf`'s key: when its statement did not claim the key, sends
 * the stored answer (true: the reply is sent) or throws 409/422. False when the key was claimed, or
 * there was none.
 */
export async function answerIfUnclaimed(
  request: FastifyRequest,
  reply: FastifyReply,
  key: StatementKey | undefined,
): Promise<boolean> {
  const state = keyed.get(request);
  if (!key || state?.phase !== 'unclaimed' || state.principal === null) return false;
  state.phase = 'done';
  answerUnclaimed(
    reply,
    await whyNotClaimed(state.db, state.keeper, state.principal, state.key, key.requestHash),
  );
  return true;
}

/**
 * For a route marked `idempotent: 'in-statement'` whose request this time has no statement to claim
 * its key in (the checklist's PATCH with more than remarks): claims it on its own, for whom
 * `principalOf` finds, as 'body' would. True when a stored answer was sent: return the reply.
 */
export async function claimApart(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const state = keyed.get(request);
  if (state?.phase !== 'open') return false;
  const principal = await principalOf(request);
  if (!principal) {
    // Nobody is asking: the route answers 401 itself and no key is kept.
    keyed.delete(request);
    return false;
  }
  state.principal = principal;
  return claim(request, reply, request.body);
}

/**
 * For a route marked `idempotent: 'in-handler'`: claims the key with this fingerprint material (an
 * upload's field and the SHA-256 of its bytes). True when a stored answer was sent: return the reply.
 * Without an Idempotency-Key it does nothing and answers false.
 */
export function claimInHandler(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<boolean> {
  return keyed.has(request) ? claim(request, reply, body) : Promise.resolve(false);
}

/**
 * Answers kept for a replay: every success, and the refusals that are final for that request (bad
 * input, not found, conflicts, limits). Not kept: 401 (sign in, then retry), 408 and 429 (try again
 * later) and every 5xx (our failure: the retry runs the request again).
 */
function isFinal(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/**
 * Keeps the answer of a claimed key (in memory until written: no promise, the tick's case), or lets
 * the key go (a promise: one statement) when the answer is not one to keep.
 */
function finish(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> | undefined {
  const state = keyed.get(request);
  if (state?.phase !== 'claimed' || !state.requestHash) return;
  state.phase = 'done';
  const { db, keeper, principal, key, requestHash } = state;
  if (principal === null) return;
  const body =
    typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8')
        : payload == null
          ? ''
          : null;
  // The answer still goes out when this fails; the claim stays in flight until taken over as abandoned.
  const failed = (error: unknown) => request.log.warn({ err: error }, 'could not keep the idempotent answer');
  if (body === null || !isFinal(reply.statusCode)) {
    return releaseIdempotencyKey(db, principal, key, requestHash).catch(failed);
  }
  try {
    // Written with the answers of this moment, after this one goes out (AnswerKeeper).
    const type = reply.getHeader('content-type');
    keeper.keep(principal, key, requestHash, {
      status: reply.statusCode,
      body,
      contentType: typeof type === 'string' ? type : null,
    });
  } catch (error) {
    failed(error);
  }
}

function withHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/**
 * The Idempotency-Key header on the routes marked `idempotent` (docs/api.md "Retries and offline
 * writes"). Register before the routes. Each hook's first step is a header lookup, so a request
 * without the header costs nothing more: no query, no hashing, no promise.
 */
export function registerIdempotency(
  app: FastifyInstance,
  db: Database,
  writer: AfterCommitWriter,
): AnswerKeeper {
  // Answers not yet written are written before the database closes (the writer's flush, app.ts).
  const keeper = new AnswerKeeper(writer);
  const store = { db, keeper };
  app.addHook('onRoute', (route: RouteOptions) => {
    const mode = route.config?.idempotent;
    if (!mode) return;

    route.onRequest = withHook(
      route.onRequest,
      (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const header = request.headers[IDEMPOTENCY_HEADER];
        if (header === undefined) return done();
        if (mode === 'in-statement') {
          // The statement finds whose key it is (the session's user, else the recipient browser).
          let key: string;
          try {
            key = parseKey(header);
          } catch (error) {
            return done(error as Error);
          }
          keyed.set(request, { ...store, principal: null, key, requestHash: null, phase: 'open' });
          return done();
        }
        readKey(request, store, header).then(() => done(), done);
      },
    );
    if (mode === 'body') {
      route.preHandler = withHook(
        route.preHandler,
        (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
          if (!keyed.has(request)) return done();
          claim(request, reply, request.body).then((answered) => {
            // A replay was sent: the route does not run.
            if (!answered) done();
          }, done);
        },
      );
    }
    route.onSend = withHook(
      route.onSend,
      (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (error?: Error | null, payload?: unknown) => void,
      ) => {
        const releasing = keyed.has(request) ? finish(request, reply, payload) : undefined;
        if (!releasing) return done(null, payload);
        releasing.then(() => done(null, payload));
      },
    );
    // A claimed request whose answer never reached onSend lets its key go, so a retry can run.
    route.onResponse = withHook(
      route.onResponse,
      (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const state = keyed.get(request);
        if (state?.phase !== 'claimed' || !state.requestHash || state.principal === null) return done();
        state.phase = 'done';
        releaseIdempotencyKey(state.db, state.principal, state.key, state.requestHash).then(
          () => done(),
          (error: unknown) => {
            request.log.warn({ err: error }, 'could not release an idempotency key');
            done();
          },
        );
      },
    );
  });
  return keeper;
}
