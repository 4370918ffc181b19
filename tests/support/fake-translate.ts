import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeGlossaries, fakeDeepLGlossaries } from './fake-deepl-glossaries.ts';

/**
 * HTTP fakes of LibreTranslate, DeepL API v2 and Google Cloud Translation v2 (Basic) on 127.0.0.1.
 * Each checks the request as the real service would (path, method, JSON body, the key where that
 * service wants it), refuses a malformed or unauthorised one as the service does, and records the
 * translate calls it accepted. A translation is '<target>: <text>' (target as the service names it),
 * so a test can tell what was translated into what.
 */

export interface TranslateCall {
  texts: string[];
  /** As the service names them: 'en', 'EN', 'ES', 'PT-BR', 'zh-Hans', 'zh-CN'. */
  source: string;
  target: string;
  /** DeepL: the glossary the call named. */
  glossaryId?: string;
}

/** How the next translate calls are answered: translated (after `delayMs`), an error status, or never. */
export type FakeBehaviour = { translate: true; delayMs?: number } | { status: number } | 'hang';

export interface FakeTranslator {
  /** The base address to configure (LIBRETRANSLATE_URL, DEEPL_API_URL or GOOGLE_TRANSLATE_URL). */
  url: string;
  /** The app's settings for this fake. */
  env: Record<string, string>;
  /** Translate calls accepted (right shape and key), in order. */
  calls: TranslateCall[];
  /** Requests refused for their shape or key, with the status given. */
  refused: Array<{ status: number; why: string }>;
  behave(next: FakeBehaviour): void;
  close(): Promise<void>;
}

export function fakeTranslation(text: string, target: string): string {
  return `${target}: ${text}`;
}

interface Incoming {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  json: unknown;
}

type Handler = (
  request: Incoming,
  reply: (status: number, body: unknown) => void,
  accept: (call: TranslateCall, answer: (translated: string[]) => unknown) => void,
) => void;

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid-json');
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

async function startFake(
  handler: Handler,
  env: (url: string) => Record<string, string>,
): Promise<FakeTranslator> {
  const calls: TranslateCall[] = [];
  const refused: FakeTranslator['refused'] = [];
  let behaviour: FakeBehaviour = { translate: true };

  const server = createServer(async (incoming, response) => {
    const request: Incoming = {
      method: incoming.method ?? '',
      url: new URL(incoming.url ?? '/', 'http://fake'),
      headers: incoming.headers,
      json: await readJson(incoming),
    };
    const reply = (status: number, body: unknown) => {
      if (status >= 400 && status !== 500 && status !== 503 && status !== 429) {
        refused.push({ status, why: JSON.stringify(body) });
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    handler(request, reply, (call, answer) => {
      const now = behaviour;
      if (now === 'hang') {
        calls.push(call);
        return;
      }
      calls.push(call);
      if ('status' in now) {
        reply(now.status, { error: 'Internal Server Error' });
        return;
      }
      const send = () => reply(200, answer(call.texts.map((text) => fakeTranslation(text, call.target))));
      if (now.delayMs) setTimeout(send, now.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: env(url),
    calls,
    refused,
    behave(next) {
      behaviour = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// As the argospm index has them: Vietnamese is not among its models.
const LIBRE_CODES = ['en', 'es', 'fr', 'de', 'pt', 'zh-Hans', 'ru', 'ja', 'ar', 'hi', 'tl', 'pl', 'uk', 'ro'];

/**
 * LibreTranslate: GET /languages lists `{code, name, targets}`; POST /translate takes JSON `{q,
 * source, target, format, api_key}` and answers `{translatedText}` (an array for an array q).
 * A wrong or missing api_key is 403 `{error}`; a missing field 400 `{error}`.
 */
export function startFakeLibreTranslate(apiKey: string): Promise<FakeTranslator> {
  return startFake(
    (request, reply, accept) => {
      if (request.method === 'GET' && request.url.pathname === '/languages') {
        reply(
          200,
          LIBRE_CODES.map((code) => ({ code, name: code, targets: LIBRE_CODES.filter((t) => t !== code) })),
        );
        return;
      }
      if (request.method !== 'POST' || request.url.pathname !== '/translate') {
        reply(404, { error: 'Not Found' });
        return;
      }
      if (request.headers['content-type'] !== 'application/json') {
        reply(400, { error: 'Invalid request: expected JSON' });
        return;
      }
      const body = (request.json ?? {}) as Record<string, unknown>;
      if (body.api_key !== apiKey) {
        reply(403, { error: 'Invalid API key' });
        return;
      }
      const { q, source, target, format } = body;
      if (!isStringArray(q) || typeof source !== 'string' || typeof target !== 'string') {
        reply(400, { error: 'Invalid request: missing q, source or target parameter' });
        return;
      }
      if (format !== 'text' || !LIBRE_CODES.includes(source) || !LIBRE_CODES.includes(target)) {
        reply(400, { error: `${source} or ${target} is not supported` });
        return;
      }
      accept({ texts: q, source, target }, (translated) => ({ translatedText: translated }));
    },
    (url) => ({
      TRANSLATION_PROVIDER: 'libretranslate',
      LIBRETRANSLATE_URL: url,
      LIBRETRANSLATE_API_KEY: apiKey,
    }),
  );
}

const DEEPL_SOURCES = new Set([
  'AR',
  'DE',
  'EN',
  'ES',
  'FR',
  'JA',
  'PT',
  'RU',
  'ZH',
  'VI',
  'TL',
  'PL',
  'UK',
  'RO',
]);
const DEEPL_TARGETS = new Set([...DEEPL_SOURCES, 'EN-GB', 'EN-US', 'PT-BR', 'PT-PT', 'ZH-HANS', 'ZH-HANT']);

/**
 * DeepL API v2: POST /v2/translate with `Authorization: DeepL-Auth-Key <key>` (403 otherwise) and
 * JSON `{text: [..], source_lang, target_lang}`; answers `{translations: [{detected_source_language,
 * text}]}`. At most 50 texts (400 otherwise); unknown languages are 400 `{message}`.
 */
export function startFakeDeepL(
  authKey: string,
  glossaries: FakeGlossaries = fakeDeepLGlossaries(),
): Promise<FakeTranslator> {
  return startFake(
    (request, reply, accept) => {
      if (request.url.pathname.startsWith('/v2/glossar')) {
        if (request.headers.authorization !== `DeepL-Auth-Key ${authKey}`)
          reply(403, { message: 'Forbidden' });
        else glossaries.handle(request, reply);
        return;
      }
      if (request.method !== 'POST' || request.url.pathname !== '/v2/translate') {
        reply(404, { message: 'Not found' });
        return;
      }
      if (request.headers.authorization !== `DeepL-Auth-Key ${authKey}`) {
        reply(403, { message: 'Authorization failed. Please supply a valid auth_key parameter.' });
        return;
      }
      const { text, source_lang, target_lang } = (request.json ?? {}) as Record<string, unknown>;
      if (!isStringArray(text) || text.length === 0 || text.length > 50) {
        reply(400, { message: "Value for 'text' not supported." });
        return;
      }
      if (typeof source_lang !== 'string' || !DEEPL_SOURCES.has(source_lang)) {
        reply(400, { message: "Value for 'source_lang' not supported." });
        return;
      }
      if (typeof target_lang !== 'string' || !DEEPL_TARGETS.has(target_lang)) {
        reply(400, { message: "Value for 'target_lang' not supported." });
        return;
      }
      const { glossary_id } = (request.json ?? {}) as Record<string, unknown>;
      if (glossary_id !== undefined) {
        const applied = glossaries.apply(glossary_id, source_lang, target_lang, text);
        if ('status' in applied) {
          reply(applied.status, { message: applied.message });
          return;
        }
        const call = {
          texts: text,
          source: source_lang,
          target: target_lang,
          glossaryId: String(glossary_id),
        };
        accept(call, () => ({
          translations: applied.texts.map((t) => ({
            detected_source_language: source_lang,
            text: fakeTranslation(t, target_lang),
          })),
        }));
        return;
      }
      accept({ texts: text, source: source_lang, target: target_lang }, (translated) => ({
        translations: translated.map((t) => ({ detected_source_language: source_lang, text: t })),
      }));
    },
    (url) => ({ TRANSLATION_PROVIDER: 'deepl', DEEPL_AUTH_KEY: authKey, DEEPL_API_URL: url }),
  );
}

const GOOGLE_CODES = new Set([
  ...['en', 'es', 'fr', 'de', 'pt', 'zh-CN', 'zh', 'ru', 'ja', 'ar', 'hi'],
  ...['vi', 'tl', 'pl', 'uk', 'ro'],
]);

/**
 * Google Cloud Translation v2 (Basic): POST /language/translate/v2?key=<key> with JSON `{q: [..],
 * source, target, format}`; answers `{data: {translations: [{translatedText}]}}`, with apostrophes
 * and quotes as HTML references (&#39; &quot;) as Google often sends them. A bad key is 400
 * INVALID_ARGUMENT; more than 128 q is 400.
 */
export function startFakeGoogle(apiKey: string): Promise<FakeTranslator> {
  const googleError = (message: string) => ({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
  return startFake(
    (request, reply, accept) => {
      if (request.method !== 'POST' || request.url.pathname !== '/language/translate/v2') {
        reply(404, googleError('Not found'));
        return;
      }
      if (request.url.searchParams.get('key') !== apiKey) {
        reply(400, googleError('API key not valid. Please pass a valid API key.'));
        return;
      }
      const { q, source, target, format } = (request.json ?? {}) as Record<string, unknown>;
      if (!isStringArray(q) || q.length > 128) {
        reply(400, googleError('Too many text segments'));
        return;
      }
      if (typeof source !== 'string' || typeof target !== 'string' || !GOOGLE_CODES.has(target)) {
        reply(400, googleError('Invalid Value'));
        return;
      }
      if (format !== 'text') {
        reply(400, googleError('Invalid format'));
        return;
      }
      accept({ texts: q, source, target }, (translated) => ({
        data: {
          translations: translated.map((t) => ({
            translatedText: t.replaceAll("'", '&#39;').replaceAll('"', '&quot;'),
          })),
        },
      }));
    },
    (url) => ({
      TRANSLATION_PROVIDER: 'google',
      GOOGLE_TRANSLATE_API_KEY: apiKey,
      GOOGLE_TRANSLATE_URL: `${url}/language/translate/v2`,
    }),
  );
}
