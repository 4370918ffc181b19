import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LanguageCode } from '#domain/languages';
import { type TranslationEngine, TranslationError } from './translation-engine.ts';

export interface ApertiumOptions {
  /** The apertium executable. */
  command: string;
  /** Where the installed pairs' modes are (/usr/share/apertium/modes: eng-spa.mode…). */
  modesDir: string;
}

/** Apertium names languages with ISO 639-3 codes (eng-spa); older pairs used ours (en-es). */
const ISO_639_3: Record<LanguageCode, string> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  pt: 'por',
  zh: 'zho',
  ru: 'rus',
  ja: 'jpn',
  ar: 'ara',
  hi: 'hin',
  vi: 'vie',
  tl: 'tgl',
  pl: 'pol',
  uk: 'ukr',
  ro: 'ron',
};

/** The installed mode that translates source -> target, or null. */
export function apertiumMode(
  modes: ReadonlySet<string>,
  source: LanguageCode,
  target: LanguageCode,
): string | null {
  const candidates = [`${ISO_639_3[source]}-${ISO_639_3[target]}`, `${source}-${target}`];
  return candidates.find((mode) => modes.has(mode)) ?? null;
}

/** The modes in a modes folder: 'eng-spa.mode' -> 'eng-spa'. None when it does not exist. */
export function installedModes(modesDir: string): Set<string> {
  try {
    return new Set(
      readdirSync(modesDir)
        .filter((file) => file.endsWith('.mode'))
        .map((file) => file.slice(0, -'.mode'.length)),
    );
  } catch {
    return new Set();
  }
}

const MARKS: ReadonlyArray<[string, RegExp]> = [
  ['#', /(^|[^\p{L}\p{N}])#(?=[\p{L}\p{N}])/gu],
  ['@', /(^|[^\p{L}\p{N}])@(?=[\p{L}\p{N}])/gu],
  ['*', /(^|[^\p{L}\p{N}])\*(?=[\p{L}\p{N}])/gu],
];

/**
 * Apertium marks words it could not handle: `*` unknown (dropped by -u), `#` a form it could not
 * generate, `@` a word missing from the bilingual dictionary. A mark is a `#` or `@` at the start of
 * a word; it is removed unless the source line itself has that character (a hashtag, an address).
 */
export function stripApertiumMarks(translated: string, source: string): string {
  let text = translated;
  for (const [mark, pattern] of MARKS) {
    if (!source.includes(mark)) text = text.replace(pattern, '$1');
  }
  return text;
}

/**
 * Apertium on this machine (Debian's `apertium` and its pair packages): one run per batch. Apertium
 * reads its input as running text: a line break is only a blank, and its transfer rules move words
 * across it ('red' / 'car' on two lines came back as 'coche' / 'rojo'). So texts are sent as
 * paragraphs between marker paragraphs of a nonce made for the run (`[#nonce-1]`), which end a phrase
 * and which it passes through untouched; the output is split on them, and a run whose markers do not
 * come back one for one, in order, is a failure rather than texts given to the wrong task.
 */
export function createApertiumEngine(options: ApertiumOptions): TranslationEngine {
  const modes = installedModes(options.modesDir);
  const pairs = [...modes].filter((mode) => /^[a-z]{2,3}-[a-z]{2,3}$/.test(mode)).sort();
  return {
    name: 'apertium',
    limits: { maxTexts: 200, maxChars: 50_000 },
    describe: () => `apertium (${pairs.length > 0 ? pairs.join(', ') : 'no language pairs installed'})`,
    supports: async (source, target) => apertiumMode(modes, source, target) !== null,
    async translate(texts, source, target, { signal }) {
      const mode = apertiumMode(modes, source, target);
      if (!mode) throw new TranslationError('unsupported');
      const nonce = `x${randomBytes(4).toString('hex')}`;
      const marker = (index: number) => `[#${nonce}-${index}]`;
      const input = texts.map((text, index) => (index === 0 ? text : `${marker(index)}\n\n${text}`));
      const output = await runApertium(options.command, mode, `${input.join('\n\n')}\n`, signal);
      const parts = output.split(new RegExp(`\\s*\\[#${nonce}-(\\d+)\\]\\s*`));
      // split with a capture group: [text0, '1', text1, '2', text2, ...]
      const translated = parts.filter((_, i) => i % 2 === 0);
      const indexes = parts.filter((_, i) => i % 2 === 1).map(Number);
      if (translated.length !== texts.length || indexes.some((n, i) => n !== i + 1)) {
        throw new TranslationError('invalid_response');
      }
      return translated.map((text, i) =>
        matchOpening(stripApertiumMarks(text.trim(), texts[i] ?? ''), texts[i] ?? ''),
      );
    },
  };
}

/**
 * Apertium capitalises what follows a paragraph break; a text the owner began in lower case (a task
 * 'wipe the oven door') keeps a lower-case opening.
 */
function matchOpening(translated: string, source: string): string {
  const first = source.trimStart().charAt(0);
  if (first === '' || first !== first.toLowerCase() || first === first.toUpperCase()) return translated;
  return translated.charAt(0).toLowerCase() + translated.slice(1);
}

/**
 * Runs `apertium -u <mode> <file>` on the input. The input goes through a private temporary file:
 * the apertium script opens /dev/stdin by name, which fails on the socket Node gives a child as its
 * stdin. Its own process group, so an abort ends the whole pipeline.
 */
async function runApertium(
  command: string,
  mode: string,
  input: string,
  signal: AbortSignal,
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'listsync-apertium-'));
  try {
    const file = path.join(dir, 'input.txt');
    await writeFile(file, input, { mode: 0o600 });
    return await runApertiumOn(command, mode, file, limitFor(input), signal);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Output beyond this is not a translation of the input. */
const limitFor = (input: string) => Buffer.byteLength(input) * 8 + 65_536;

function runApertiumOn(
  command: string,
  mode: string,
  file: string,
  limit: number,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new TranslationError('aborted'));
      return;
    }
    const child = spawn(command, ['-u', mode, file], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    const chunks: Buffer[] = [];
    let size = 0;
    let failure: TranslationError | null = null;
    const kill = (why: TranslationError) => {
      failure ??= why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const onAbort = () => {
      const reason = signal.reason as { name?: string } | undefined;
      kill(new TranslationError(reason?.name === 'TimeoutError' ? 'timeout' : 'aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) kill(new TranslationError('invalid_response'));
      else chunks.push(chunk);
    });
    child.on('error', () => {
      signal.removeEventListener('abort', onAbort);
      reject(new TranslationError('process'));
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code !== 0) reject(new TranslationError('process'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
