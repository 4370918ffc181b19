import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LanguageCode } from '#domain/languages';
import { requestJson } from './http-json.ts';
import { type EngineGlossary, type TranslationEngine, TranslationError } from './translation-engine.ts';

/**
 * The team's terms as DeepL glossaries (API v2 "monolingual" glossaries, decision 0055): one per
 * team, language pair and set of entries, named `listsync:{team}:{source}-{target}:{entries hash}`.
 * `GET /v2/glossary-language-pairs` says which pairs DeepL takes (read once, kept); a pair it lacks,
 * or a glossary that cannot be made, answers null and the terms are substituted around the engine
 * instead. A glossary is looked for by name before one is made (another instance, or this one before
 * a restart, may have made it), and the team's older ones for the pair are deleted: an account keeps
 * at most 1,000. Glossaries are immutable, so a change of entries is a new glossary.
 */

interface DeepLAccess {
  authKey: string;
  apiUrl: string;
}

type Codes = { source_lang: string; target_lang: string };

export interface DeepLCalls {
  codes(source: LanguageCode, target: LanguageCode): Codes | null;
  translate(
    texts: readonly string[],
    codes: Codes,
    signal: AbortSignal,
    extra: Record<string, string>,
  ): Promise<string[]>;
}

const REQUEST_TIMEOUT_MS = 10_000;
const PAIRS_RETRY_MS = 30_000;
const READY_POLLS = 10;
const READY_POLL_MS = 300;

/** DeepL's glossary codes are the plain language: 'EN-US' -> 'en', 'PT-BR' -> 'pt', 'ZH-HANS' -> 'zh'. */
export function glossaryLanguage(code: string): string {
  return (code.split('-')[0] ?? code).toLowerCase();
}

/** The entries as DeepL's TSV (source, tab, target; one a line), in a stable order. */
export function glossaryTsv(glossary: EngineGlossary): string {
  return [...glossary.terms]
    .map((term) => `${term.source}\t${term.target}`)
    .sort()
    .join('\n');
}

export function glossaryName(owner: string, source: string, target: string, tsv: string): string {
  const hash = createHash('sha256').update(tsv).digest('hex').slice(0, 16);
  return `listsync:${owner}:${source}-${target}:${hash}`;
}

export function deeplGlossaries(
  access: DeepLAccess,
  calls: DeepLCalls,
): NonNullable<TranslationEngine['translateWithGlossary']> {
  const call = deeplCall(access);
  const supportedPairs = supportedPairsOnce(call);
  /** name -> its id (made or found), per instance. */
  const ids = new Map<string, Promise<string>>();

  return async (texts, source, target, glossary, { signal }) => {
    const codes = calls.codes(source, target);
    if (!codes) throw new TranslationError('unsupported');
    const from = glossaryLanguage(codes.source_lang);
    const to = glossaryLanguage(codes.target_lang);
    const supported = await supportedPairs().catch(() => null);
    if (!supported?.has(`${from}>${to}`)) return null;
    const tsv = glossaryTsv(glossary);
    const name = glossaryName(glossary.owner, from, to, tsv);
    let id = ids.get(name);
    if (!id) {
      id = findOrMakeGlossary(access, call, { name, source: from, target: to, tsv });
      ids.set(name, id);
      id.catch(() => ids.delete(name));
    }
    const glossaryId = await id.catch(() => null);
    if (!glossaryId) return null;
    try {
      return await calls.translate(texts, codes, signal, { glossary_id: glossaryId });
    } catch (error) {
      // Deleted meanwhile (by another instance's change): found or made again on the retry.
      if (error instanceof TranslationError && error.status === 404) ids.delete(name);
      throw error;
    }
  };
}

/** One JSON call to DeepL's API, with the account's key and the request timeout. */
type DeepLCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

function authHeaders(access: DeepLAccess): Record<string, string> {
  return { authorization: `DeepL-Auth-Key ${access.authKey}` };
}

function deeplCall(access: DeepLAccess): DeepLCall {
  const headers = authHeaders(access);
  return (method, path, body) =>
    requestJson(`${access.apiUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
}

/** The pairs DeepL takes glossaries for: read once and kept; after a failure, not asked again for a while. */
function supportedPairsOnce(call: DeepLCall): () => Promise<Set<string>> {
  let pairs: Promise<Set<string>> | null = null;
  let pairsFailedUntil = 0;
  return () => {
    if (!pairs && Date.now() < pairsFailedUntil) return Promise.reject(new TranslationError('unreachable'));
    pairs ??= call('GET', '/v2/glossary-language-pairs')
      .then(parsePairs)
      .catch((error: unknown) => {
        pairs = null;
        pairsFailedUntil = Date.now() + PAIRS_RETRY_MS;
        throw error;
      });
    return pairs;
  };
}

interface WantedGlossary {
  name: string;
  /** DeepL's glossary codes of the pair ('en', 'de'). */
  source: string;
  target: string;
  tsv: string;
}

/** The glossary's id: found by its name, else made (and waited for); the team's older ones for the pair deleted. */
async function findOrMakeGlossary(
  access: DeepLAccess,
  call: DeepLCall,
  wanted: WantedGlossary,
): Promise<string> {
  const { name, source, target, tsv } = wanted;
  const listed = parseGlossaries(await call('GET', '/v2/glossaries'));
  const prefix = name.slice(0, name.lastIndexOf(':') + 1);
  let id = listed.find((g) => g.name === name && g.ready !== false)?.id;
  if (!id) {
    const made = parseGlossary(
      await call('POST', '/v2/glossaries', {
        name,
        source_lang: source,
        target_lang: target,
        entries: tsv,
        entries_format: 'tsv',
      }),
    );
    id = made.id;
    if (made.ready === false) await untilReady(call, made.id);
  }
  const kept = id;
  const stale = listed.filter((g) => g.name.startsWith(prefix) && g.name !== name && g.id !== kept);
  for (const old of stale) void deleteGlossary(access, old.id);
  return kept;
}

async function untilReady(call: DeepLCall, id: string): Promise<void> {
  for (let i = 0; i < READY_POLLS; i += 1) {
    await sleep(READY_POLL_MS);
    if (parseGlossary(await call('GET', `/v2/glossaries/${encodeURIComponent(id)}`)).ready !== false) return;
  }
  throw new TranslationError('timeout');
}

async function deleteGlossary(access: DeepLAccess, id: string): Promise<void> {
  try {
    const response = await fetch(`${access.apiUrl}/v2/glossaries/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: authHeaders(access),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
  } catch {
    // Left for the next change of the same pair to delete.
  }
}

/** GET /v2/glossary-language-pairs: `{supported_languages: [{source_lang, target_lang}]}`. */
export function parsePairs(answer: unknown): Set<string> {
  const list = (answer as { supported_languages?: unknown } | null)?.supported_languages;
  if (!Array.isArray(list)) throw new TranslationError('invalid_response');
  const pairs = new Set<string>();
  for (const item of list) {
    const { source_lang, target_lang } = (item ?? {}) as { source_lang?: unknown; target_lang?: unknown };
    if (typeof source_lang === 'string' && typeof target_lang === 'string') {
      pairs.add(`${source_lang.toLowerCase()}>${target_lang.toLowerCase()}`);
    }
  }
  return pairs;
}

interface GlossaryInfo {
  id: string;
  name: string;
  ready?: boolean;
}

function parseGlossary(answer: unknown): GlossaryInfo {
  const { glossary_id, name, ready } = (answer ?? {}) as Record<string, unknown>;
  if (typeof glossary_id !== 'string' || glossary_id === '') throw new TranslationError('invalid_response');
  return {
    id: glossary_id,
    name: typeof name === 'string' ? name : '',
    ...(typeof ready === 'boolean' ? { ready } : {}),
  };
}

/** GET /v2/glossaries: `{glossaries: [{glossary_id, name, ready, …}]}`. */
function parseGlossaries(answer: unknown): GlossaryInfo[] {
  const list = (answer as { glossaries?: unknown } | null)?.glossaries;
  if (!Array.isArray(list)) throw new TranslationError('invalid_response');
  return list.map(parseGlossary);
}
