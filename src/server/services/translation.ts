import { setTimeout as sleep } from 'node:timers/promises';
import { TRANSLATION_LIMITS, type TranslationNote } from '#domain/translation';
import { type EngineGlossary, translateWithGlossary } from '../adapters/translation/glossary.ts';
import {
  batchesOf,
  type TranslationEngine,
  TranslationError,
} from '../adapters/translation/translation-engine.ts';
import type { Database } from '../db/client.ts';
import {
  keepTranslations,
  type TranslationPair,
  type TranslationScope,
} from '../repositories/translations.ts';
import { type Lookup, lookupTranslations } from './translation-lookup.ts';

/**
 * Machine translation of the owner's texts (docs/api.md "Translation", docs/decisions/0009): each
 * string is translated once per team, engine and pair and kept in `translations` by the SHA-256 of
 * its text. A request reads its team's cache in one query; what is missing goes to the engine in one
 * batch (split to its limits), shared by every request of the same team that wants the same strings
 * meanwhile. Nothing a request sees depends on another team's texts (decision 0044): not the cache,
 * not a call in flight. A request waits at most `waitMs`, then answers the texts as written with
 * 'pending' while the work goes on; a failure answers 'failed' at once and is retried with backoff,
 * then the pair cools down (an engine's state, the same for every team, never a text's).
 */

export interface TranslationTimings {
  /** The longest a request waits for the engine. */
  waitMs: number;
  /** Waits between the attempts after a failure (three retries: 1 s, 4 s, 16 s). */
  retryDelaysMs: readonly number[];
  /** After the last retry failed: the pair is not tried again for this long ('failed' meanwhile). */
  coolDownMs: number;
  /** One call to the engine gives up after this long (a hung provider is a failure, retried). */
  attemptTimeoutMs: number;
}

export const DEFAULT_TRANSLATION_TIMINGS: TranslationTimings = {
  waitMs: TRANSLATION_LIMITS.waitMs,
  retryDelaysMs: [1_000, 4_000, 16_000],
  coolDownMs: 5 * 60_000,
  attemptTimeoutMs: 30_000,
};

export interface TranslationResult {
  /** One for each text asked for: translated, or as written. */
  texts: string[];
  /** Whether any of them was machine-translated. */
  translated: boolean;
  note?: TranslationNote;
}

/** Where failures are told (the app's logger): fields first, then the message. */
export interface TranslationLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Said when a translation that was not ready for a request lands later (a realtime notice). */
export type TranslationLanded = () => void;

/** One call's worth of missing strings, shared by every request that wants any of them. */
interface Job {
  /** hash -> translation, filled as batches land. */
  results: Map<string, string>;
  /** Settles after the first attempt: true when it translated everything. */
  firstAttempt: Promise<boolean>;
  /** Settles when the job ends: true when everything was translated (after retries, maybe). */
  done: Promise<boolean>;
  failedOnce: boolean;
  /** Told once when the job lands after a request stopped waiting for it, by key (one per page). */
  landed: Map<string, TranslationLanded>;
}

/** Only texts with a letter go to an engine: empty, digits and punctuation stay as written. */
export function isTranslatable(text: string): boolean {
  return /\p{L}/u.test(text);
}

const NOTE_WEIGHT: Record<TranslationNote, number> = { unavailable: 1, failed: 2, pending: 3 };

/** The note of several results together: 'pending' first (the page asks again), then 'failed'. */
export function combineNotes(...notes: Array<TranslationNote | undefined>): TranslationNote | undefined {
  let chosen: TranslationNote | undefined;
  for (const note of notes) {
    if (note && (!chosen || NOTE_WEIGHT[note] > NOTE_WEIGHT[chosen])) chosen = note;
  }
  return chosen;
}

export class TranslationService {
  readonly #jobs = new Map<string, Job>();
  /** pair -> until when it is not tried (after its retries all failed). */
  readonly #coolDown = new Map<string, number>();
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();
  readonly #timings: TranslationTimings;

  constructor(
    private readonly db: Database,
    readonly engine: TranslationEngine,
    private readonly log: TranslationLog,
    timings: Partial<TranslationTimings> = {},
  ) {
    this.#timings = { ...DEFAULT_TRANSLATION_TIMINGS, ...timings };
  }

  /** Texts the engine is translating now, or waiting to retry (metrics). */
  get textsInFlight(): number {
    return this.#jobs.size;
  }

  /**
   * The team's texts from `scope.source` into `scope.target`, within the wait (`waitMs`, else the
   * service's). `landed` (with its key, so one page is told once) is told when strings that were not
   * ready for this answer are stored later.
   */
  async translate(
    texts: readonly string[],
    scope: TranslationScope,
    landed?: { key: string; notify: TranslationLanded },
    waitMs = this.#timings.waitMs,
  ): Promise<TranslationResult> {
    const { source, target } = scope;
    const started = performance.now();
    const asWritten = (note?: TranslationNote): TranslationResult => ({
      texts: [...texts],
      translated: false,
      ...(note ? { note } : {}),
    });
    if (source === target) return asWritten();
    const wanted = [...new Set(texts.filter(isTranslatable))];
    if (wanted.length === 0) return asWritten();
    // Whether the engine has the pair may need asking it (LibreTranslate's /languages): within the wait too.
    const supported = await firstOf(
      this.engine.supports(source, target).catch((error: unknown) => {
        this.#logFailure(error, scope, wanted.length, 0);
        return 'failed' as const;
      }),
      waitMs,
    );
    if (supported === 'timeout') return asWritten('pending');
    if (supported === 'failed') return asWritten('failed');
    if (!supported) return asWritten('unavailable');

    let hashes: Map<string, string>;
    let known: Map<string, string>;
    let glossary: EngineGlossary | null;
    try {
      ({ keys: hashes, known, glossary } = await this.#lookup(wanted, scope));
    } catch (error) {
      this.#logFailure(error, scope, wanted.length, 0);
      return asWritten('failed');
    }
    const missing = wanted.filter((text) => !known.has(hashes.get(text) ?? ''));
    let note: TranslationNote | undefined;
    if (missing.length > 0 && this.#coolingDown(scope)) {
      note = 'failed';
    } else if (missing.length > 0) {
      const jobs = this.#jobsFor(missing, hashes, scope, glossary);
      if (landed) for (const job of jobs) job.landed.set(landed.key, landed.notify);
      if ([...jobs].some((job) => job.failedOnce)) {
        note = 'failed';
      } else {
        const left = waitMs - (performance.now() - started);
        const outcome = await firstOf(Promise.all([...jobs].map((job) => job.firstAttempt)), left);
        if (outcome === 'timeout') note = 'pending';
        else if (!outcome.every(Boolean)) note = 'failed';
      }
      for (const job of jobs) for (const [hash, text] of job.results) known.set(hash, text);
      if (!note && landed) for (const job of jobs) job.landed.delete(landed.key);
    }

    let translated = false;
    const out = texts.map((text) => {
      const hash = isTranslatable(text) ? hashes.get(text) : undefined;
      const translation = hash ? known.get(hash) : undefined;
      if (translation === undefined) return text;
      translated = true;
      return translation;
    });
    return { texts: out, translated, ...(note ? { note } : {}) };
  }

  /** Starts translating what the team's cache lacks and returns at once (a share's code was just sent). */
  async warm(texts: readonly string[], scope: TranslationScope): Promise<void> {
    const { source, target } = scope;
    if (source === target) return;
    const wanted = [...new Set(texts.filter(isTranslatable))];
    if (wanted.length === 0 || !(await this.engine.supports(source, target))) return;
    if (this.#coolingDown(scope)) return;
    const { keys, known, glossary } = await this.#lookup(wanted, scope);
    const missing = wanted.filter((text) => !known.has(keys.get(text) ?? ''));
    if (missing.length > 0) this.#jobsFor(missing, keys, scope, glossary);
  }

  /** Stops retrying and waits for the calls in flight (app close, before the database goes). */
  async close(): Promise<void> {
    this.#stop.abort();
    await Promise.allSettled([...this.#running]);
  }

  #coolingDown(pair: Pair): boolean {
    return (this.#coolDown.get(pairKey(pair)) ?? 0) > Date.now();
  }

  #lookup(wanted: string[], scope: Scope): Promise<Lookup> {
    return lookupTranslations(this.db, this.engine.name, wanted, scope);
  }

  #store(scope: Scope, rows: Array<{ hash: string; text: string }>): Promise<void> {
    return keepTranslations(this.db, this.engine.name, scope, rows);
  }

  /**
   * The jobs that will bring these strings: those of the same team already under way, and one new one
   * for the rest (a call another team started is never joined: its timing would tell of its texts).
   */
  #jobsFor(
    missing: string[],
    hashes: Map<string, string>,
    scope: Scope,
    glossary: EngineGlossary | null,
  ): Set<Job> {
    const jobs = new Set<Job>();
    const fresh: string[] = [];
    for (const text of missing) {
      const running = this.#jobs.get(jobKey(this.engine.name, scope, hashes.get(text) ?? ''));
      if (running) jobs.add(running);
      else fresh.push(text);
    }
    if (fresh.length > 0) jobs.add(this.#start(fresh, hashes, scope, glossary));
    return jobs;
  }

  #start(texts: string[], hashes: Map<string, string>, scope: Scope, glossary: EngineGlossary | null): Job {
    let settleFirst: (ok: boolean) => void = () => {};
    let settleDone: (ok: boolean) => void = () => {};
    const job: Job = {
      results: new Map(),
      firstAttempt: new Promise((resolve) => {
        settleFirst = resolve;
      }),
      done: new Promise((resolve) => {
        settleDone = resolve;
      }),
      failedOnce: false,
      landed: new Map(),
    };
    const keys = texts.map((text) => jobKey(this.engine.name, scope, hashes.get(text) ?? ''));
    for (const key of keys) this.#jobs.set(key, job);

    const run = (async () => {
      const ok = await this.#attempts(job, { texts, hashes, scope, glossary }, settleFirst);
      settleFirst(ok);
      settleDone(ok);
      for (const key of keys) if (this.#jobs.get(key) === job) this.#jobs.delete(key);
      if (ok) {
        for (const notify of job.landed.values()) notify();
      } else if (!this.#stop.signal.aborted) {
        this.#coolDown.set(pairKey(scope), Date.now() + this.#timings.coolDownMs);
      }
    })().catch((error: unknown) => {
      this.log.error({ err: errorSummary(error) }, 'translation: job failed unexpectedly');
    });
    this.#running.add(run);
    void run.finally(() => this.#running.delete(run));
    return job;
  }

  /** Translates the texts batch by batch, each stored as it lands; retries after failures. */
  async #attempts(
    job: Job,
    work: { texts: string[]; hashes: Map<string, string>; scope: Scope; glossary: EngineGlossary | null },
    settleFirst: (ok: boolean) => void,
  ): Promise<boolean> {
    const { texts, hashes, scope, glossary } = work;
    const delays = this.#timings.retryDelaysMs;
    const batches = batchesOf(texts, this.engine.limits);
    let next = 0;
    for (let attempt = 0; attempt <= delays.length; attempt += 1) {
      try {
        for (; next < batches.length; next += 1) {
          const batch = batches[next] ?? [];
          const signal = AbortSignal.any([
            this.#stop.signal,
            AbortSignal.timeout(this.#timings.attemptTimeoutMs),
          ]);
          const out = await translateWithGlossary(this.engine, batch, scope.source, scope.target, glossary, {
            signal,
          });
          const rows = batch.map((text, i) => ({ hash: hashes.get(text) ?? '', text: out[i] ?? text }));
          await this.#store(scope, rows);
          for (const row of rows) job.results.set(row.hash, row.text);
        }
        return true;
      } catch (error) {
        const remaining = batches.slice(next).reduce((sum, batch) => sum + batch.length, 0);
        this.#logFailure(error, scope, remaining, attempt);
        if (attempt === 0) {
          job.failedOnce = true;
          settleFirst(false);
        }
        const delay = delays[attempt];
        if (delay === undefined || this.#stop.signal.aborted) return false;
        try {
          await sleep(delay, undefined, { signal: this.#stop.signal });
        } catch {
          return false; // closing
        }
      }
    }
    return false;
  }

  /** Never the texts: the engine, the pair, what went wrong and how many strings it concerned. */
  #logFailure(error: unknown, pair: Pair, count: number, attempt: number): void {
    this.log.warn(
      {
        provider: this.engine.name,
        source: pair.source,
        target: pair.target,
        strings: count,
        attempt: attempt + 1,
        ...errorSummary(error),
      },
      'translation: the engine failed',
    );
  }
}

type Pair = TranslationPair;
type Scope = TranslationScope;

const pairKey = (pair: Pair) => `${pair.source}>${pair.target}`;
const jobKey = (engine: string, scope: Scope, hash: string) =>
  `${engine}|${scope.teamId}|${pairKey(scope)}|${hash}`;

/** What a failure may say in a log: its kind and status, or the error's class (a database error). */
function errorSummary(error: unknown): { kind: string; status?: number } {
  if (error instanceof TranslationError) {
    return { kind: error.kind, ...(error.status ? { status: error.status } : {}) };
  }
  return { kind: error instanceof Error ? error.name : 'unknown' };
}

/** The promise's value, or 'timeout' after `ms` (the timer never holds the process). */
async function firstOf<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  if (ms <= 0) return 'timeout';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
