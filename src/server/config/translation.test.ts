import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { loadConfig, publicConfig } from './index.ts';
import { NO_TRANSLATION_ENGINE_PROBLEM } from './translation.ts';

describe('loadConfig: translation', () => {
  /** A PATH holding an executable named apertium (nothing runs it here). */
  function pathWithApertium(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'listsync-path-'));
    writeFileSync(path.join(dir, 'apertium'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    return dir;
  }

  it('with nothing set and no apertium on PATH, translates nothing', () => {
    expect(loadConfig({}).translation).toEqual({ kind: 'none' });
    expect(loadConfig({ PATH: '/nonexistent' }).translation).toEqual({ kind: 'none' });
  });

  it('uses the apertium command found on PATH when nothing else is configured', () => {
    const dir = pathWithApertium();
    expect(loadConfig({ PATH: `/nonexistent${path.delimiter}${dir}` }).translation).toEqual({
      kind: 'apertium',
      command: path.join(dir, 'apertium'),
      modesDir: '/usr/share/apertium/modes',
    });
    // Named none, nothing is used even so.
    expect(loadConfig({ PATH: dir, TRANSLATION_PROVIDER: 'none' }).translation).toEqual({ kind: 'none' });
  });

  it('picks the engine whose settings are present, before apertium', () => {
    const PATH = pathWithApertium();
    expect(loadConfig({ PATH, LIBRETRANSLATE_URL: 'http://mt.internal:5000/' }).translation).toEqual({
      kind: 'libretranslate',
      url: 'http://mt.internal:5000',
    });
    expect(loadConfig({ PATH, GOOGLE_TRANSLATE_API_KEY: 'AIza-key' }).translation).toEqual({
      kind: 'google',
      apiKey: 'AIza-key',
      url: 'https://translation.googleapis.com/language/translate/v2',
    });
  });

  it("sends a DeepL Free key (':fx') to api-free.deepl.com and any other to api.deepl.com", () => {
    expect(loadConfig({ DEEPL_AUTH_KEY: 'abc-123:fx' }).translation).toEqual({
      kind: 'deepl',
      authKey: 'abc-123:fx',
      apiUrl: 'https://api-free.deepl.com',
    });
    expect(loadConfig({ DEEPL_AUTH_KEY: 'abc-123' }).translation).toMatchObject({
      apiUrl: 'https://api.deepl.com',
    });
    expect(
      loadConfig({ DEEPL_AUTH_KEY: 'abc-123:fx', DEEPL_API_URL: 'http://127.0.0.1:9/' }).translation,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:9' });
  });

  it('keeps an optional LibreTranslate key', () => {
    expect(
      loadConfig({
        TRANSLATION_PROVIDER: 'libretranslate',
        LIBRETRANSLATE_URL: 'https://mt.example.com',
        LIBRETRANSLATE_API_KEY: 'k',
      }).translation,
    ).toEqual({ kind: 'libretranslate', url: 'https://mt.example.com', apiKey: 'k' });
  });

  it('a named engine without its required setting stops start-up naming the setting', () => {
    expect(problemsOf({ TRANSLATION_PROVIDER: 'libretranslate' })).toEqual([
      'LIBRETRANSLATE_URL is missing: TRANSLATION_PROVIDER=libretranslate needs it',
    ]);
    expect(problemsOf({ TRANSLATION_PROVIDER: 'deepl' })[0]).toMatch(/^DEEPL_AUTH_KEY is missing/);
    expect(problemsOf({ TRANSLATION_PROVIDER: 'google' })[0]).toMatch(/^GOOGLE_TRANSLATE_API_KEY is missing/);
    expect(problemsOf({ TRANSLATION_PROVIDER: 'apertium', PATH: '/nonexistent' })[0]).toMatch(
      /apertium command on PATH/,
    );
    expect(problemsOf({ TRANSLATION_PROVIDER: 'bing' })[0]).toMatch(/^TRANSLATION_PROVIDER/);
  });

  it('production refuses a plain-http DeepL or Google address (the key would travel in clear)', () => {
    const { LIBRETRANSLATE_URL: _engine, ...withoutEngine } = PRODUCTION;
    const problems = problemsOf({
      ...withoutEngine,
      DEEPL_AUTH_KEY: 'abc',
      DEEPL_API_URL: 'http://deepl.internal',
    });
    expect(problems).toEqual(['DEEPL_API_URL must be an https address when APP_ENV=production']);
    expect(loadConfig({ ...PRODUCTION, TRANSLATION_PROVIDER: 'none' }).translation).toEqual({ kind: 'none' });
  });

  it('production never starts without an engine unless TRANSLATION_PROVIDER=none says so', () => {
    const { LIBRETRANSLATE_URL: _engine, ...withoutEngine } = PRODUCTION;
    expect(problemsOf({ ...withoutEngine, PATH: '/nonexistent' })).toEqual([NO_TRANSLATION_ENGINE_PROBLEM]);
    // Apertium on PATH is an engine; so is one named with its setting.
    expect(loadConfig({ ...withoutEngine, PATH: pathWithApertium() }).translation.kind).toBe('apertium');
    const off = loadConfig({ ...withoutEngine, PATH: '/nonexistent', TRANSLATION_PROVIDER: 'none' });
    expect(off.translation).toEqual({ kind: 'none' });
    // The browser learns it, so the cards and the share dialog stop selling translation.
    expect(publicConfig(off).translation).toBe(false);
    expect(publicConfig(loadConfig(PRODUCTION)).translation).toBe(true);
    // Development keeps starting with none (local mode says so in its badge).
    expect(loadConfig({ PATH: '/nonexistent' }).translation).toEqual({ kind: 'none' });
  });

  it('no translation key ever reaches the browser', () => {
    const config = loadConfig({ DEEPL_AUTH_KEY: 'deepl-secret:fx' });
    expect(JSON.stringify(publicConfig(config))).not.toContain('deepl-secret');
  });
});
