import { randomUUID } from 'node:crypto';

/**
 * DeepL's v2 glossary endpoints, as the fake DeepL (fake-translate.ts) answers them, shaped as the
 * real API (developers.deepl.com "Monolingual glossaries (v2 endpoints)"):
 * - GET /v2/glossary-language-pairs -> `{supported_languages: [{source_lang, target_lang}]}` (lower case);
 * - POST /v2/glossaries `{name, source_lang, target_lang, entries, entries_format: 'tsv'|'csv'}` -> 201
 *   `{glossary_id, ready, name, source_lang, target_lang, creation_time, entry_count}`; 400 `{message}`
 *   for a pair it lacks, a bad entry (no tab, empty side, a source twice);
 * - GET /v2/glossaries -> `{glossaries: [...]}`; GET /v2/glossaries/{id}; DELETE /v2/glossaries/{id} -> 204;
 * - POST /v2/translate with `glossary_id` needs `source_lang`, and the glossary's pair (its target
 *   without variant: a glossary into `en` serves EN-US).
 * Pairs: any two of DE, EN, ES, FR, JA, PT, RU, ZH (not AR: the fake's way to test a pair without).
 */

const GLOSSARY_LANGUAGES = ['de', 'en', 'es', 'fr', 'ja', 'pt', 'ru', 'zh'];

export interface FakeGlossary {
  glossary_id: string;
  name: string;
  source_lang: string;
  target_lang: string;
  entries: Map<string, string>;
  creation_time: string;
}

export interface FakeGlossaries {
  glossaries: Map<string, FakeGlossary>;
  /** Requests to the glossary endpoints, in order: 'POST /v2/glossaries', 'DELETE /v2/glossaries/{id}'… */
  requests: string[];
  /** Answers a glossary request; false when the request is not one. */
  handle(
    request: { method: string; url: URL; json: unknown },
    reply: (status: number, body: unknown) => void,
  ): boolean;
  /**
   * For POST /v2/translate with `glossary_id`: the texts with the glossary's entries applied (whole
   * words, any case, as DeepL flexes them), or an error to answer.
   */
  apply(
    glossaryId: unknown,
    sourceLang: unknown,
    targetLang: string,
    texts: string[],
  ): { texts: string[] } | { status: number; message: string };
}

function info(glossary: FakeGlossary) {
  const { entries, ...rest } = glossary;
  return { ...rest, ready: true, entry_count: entries.size };
}

function parseTsv(entries: string): Map<string, string> | string {
  const map = new Map<string, string>();
  for (const line of entries.split('\n')) {
    if (line.trim() === '') continue;
    const parts = line.split('\t');
    if (parts.length !== 2 || !parts[0]?.trim() || !parts[1]?.trim())
      return `Invalid glossary entry: ${line}`;
    if (map.has(parts[0])) return `Duplicate source entry: ${parts[0]}`;
    map.set(parts[0], parts[1]);
  }
  return map.size > 0 ? map : 'No entries';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

export function fakeDeepLGlossaries(): FakeGlossaries {
  const glossaries = new Map<string, FakeGlossary>();
  const requests: string[] = [];
  return {
    glossaries,
    requests,
    handle(request, reply) {
      const path = request.url.pathname;
      if (!path.startsWith('/v2/glossar')) return false;
      requests.push(`${request.method} ${path}`);
      if (request.method === 'GET' && path === '/v2/glossary-language-pairs') {
        reply(200, {
          supported_languages: GLOSSARY_LANGUAGES.flatMap((source_lang) =>
            GLOSSARY_LANGUAGES.filter((t) => t !== source_lang).map((target_lang) => ({
              source_lang,
              target_lang,
            })),
          ),
        });
      } else if (request.method === 'GET' && path === '/v2/glossaries') {
        reply(200, { glossaries: [...glossaries.values()].map(info) });
      } else if (request.method === 'POST' && path === '/v2/glossaries') {
        const body = (request.json ?? {}) as Record<string, unknown>;
        const { name, entries, entries_format } = body;
        const source = String(body.source_lang ?? '').toLowerCase();
        const target = String(body.target_lang ?? '').toLowerCase();
        if (
          typeof name !== 'string' ||
          name === '' ||
          typeof entries !== 'string' ||
          entries_format !== 'tsv'
        ) {
          reply(400, { message: 'Invalid request: name, entries and entries_format are required' });
          return true;
        }
        if (
          !GLOSSARY_LANGUAGES.includes(source) ||
          !GLOSSARY_LANGUAGES.includes(target) ||
          source === target
        ) {
          reply(400, { message: 'Unsupported glossary language pair' });
          return true;
        }
        const parsed = parseTsv(entries);
        if (typeof parsed === 'string') {
          reply(400, { message: parsed });
          return true;
        }
        const glossary: FakeGlossary = {
          glossary_id: randomUUID(),
          name,
          source_lang: source,
          target_lang: target,
          entries: parsed,
          creation_time: new Date().toISOString(),
        };
        glossaries.set(glossary.glossary_id, glossary);
        reply(201, info(glossary));
      } else {
        const id = decodeURIComponent(path.slice('/v2/glossaries/'.length));
        const glossary = glossaries.get(id);
        if (!glossary || !path.startsWith('/v2/glossaries/')) {
          reply(404, { message: 'Glossary not found' });
        } else if (request.method === 'GET') {
          reply(200, info(glossary));
        } else if (request.method === 'DELETE') {
          glossaries.delete(id);
          reply(204, '');
        } else {
          reply(405, { message: 'Method not allowed' });
        }
      }
      return true;
    },
    apply(glossaryId, sourceLang, targetLang, texts) {
      const glossary = typeof glossaryId === 'string' ? glossaries.get(glossaryId) : undefined;
      if (!glossary) return { status: 404, message: 'Glossary not found' };
      if (typeof sourceLang !== 'string')
        return { status: 400, message: 'source_lang is required with a glossary' };
      const target = (targetLang.split('-')[0] ?? '').toLowerCase();
      if (sourceLang.toLowerCase() !== glossary.source_lang || target !== glossary.target_lang) {
        return { status: 400, message: "The glossary's language pair does not match" };
      }
      const applied = texts.map((text) => {
        let out = text;
        for (const [from, to] of [...glossary.entries].sort((a, b) => b[0].length - a[0].length)) {
          out = out.replace(
            new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(from)}(?![\\p{L}\\p{N}])`, 'giu'),
            to,
          );
        }
        return out;
      });
      return { texts: applied };
    },
  };
}
