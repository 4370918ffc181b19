import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SPAWNED_PROCESS_MS } from '#tests/support/budgets';
import { findOnPath } from '../../config/translation.ts';
import { createApertiumEngine, installedModes } from './apertium.ts';
import { translateWithGlossary } from './glossary.ts';

const command = findOnPath('apertium', process.env.PATH);
const MODES = '/usr/share/apertium/modes';
const installed = command !== null && installedModes(MODES).has('eng-spa');

// Each translation spawns Apertium's pipeline (several processes): seconds on a busy machine.
describe.skipIf(!installed)(
  'Apertium through the real command (apertium-eng-spa installed)',
  { timeout: SPAWNED_PROCESS_MS },
  () => {
    const engine = createApertiumEngine({ command: command ?? 'apertium', modesDir: MODES });

    it('names its installed pairs and supports only those', async () => {
      expect(engine.describe()).toMatch(/^apertium \(.*eng-spa.*spa-eng/);
      expect(await engine.supports('en', 'es')).toBe(true);
      expect(await engine.supports('es', 'en')).toBe(true);
      expect(await engine.supports('en', 'fr')).toBe(false);
    });

    it('cannot translate English to or from the five added languages, and says so', async () => {
      for (const code of ['vi', 'tl', 'pl', 'uk', 'ro'] as const) {
        expect(await engine.supports('en', code)).toBe(false);
        expect(await engine.supports(code, 'en')).toBe(false);
      }
      await expect(
        engine.translate(['Clean the kitchen.'], 'en', 'vi', { signal: AbortSignal.timeout(20_000) }),
      ).rejects.toMatchObject({ kind: 'unsupported' });
    });

    it('translates a batch one for one, keeping a text’s own line breaks, with no marks', async () => {
      const texts = ['Clean the kitchen.', 'Check the xyzzy thermostat', 'First line\nSecond line', ''];
      const out = await engine.translate(texts, 'en', 'es', { signal: AbortSignal.timeout(20_000) });
      expect(out).toHaveLength(4);
      expect(out[0]).toMatch(/cocina/);
      expect(out[1]).toContain('xyzzy');
      expect(out[1]).not.toMatch(/[*#@]/);
      expect(out[2]?.split('\n')).toHaveLength(2);
      expect(out[3]).toBe('');
    });

    it('never moves words from one text into another', async () => {
      // Sent as lines, Apertium made 'Control la alarma' / 'de humo en la cocina' / 'coche' / 'rojo'.
      const texts = ['Check the smoke', 'alarm in the kitchen', 'red', 'car'];
      const out = await engine.translate(texts, 'en', 'es', { signal: AbortSignal.timeout(20_000) });
      expect(out).toHaveLength(4);
      expect(out[0]).toMatch(/humo/);
      expect(out[0]).not.toMatch(/alarma/i);
      expect(out[1]).toMatch(/^alarma .*cocina/);
      expect(out[2]).toMatch(/rojo/i);
      expect(out[3]).not.toMatch(/rojo/i);
    });

    it('an abort ends the run (and its pipeline) with a failure', async () => {
      const controller = new AbortController();
      const pending = engine.translate(['Clean the kitchen.'], 'en', 'es', { signal: controller.signal });
      controller.abort();
      await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
      // Nothing of it is left running.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const left = execFileSync('ps', ['-eo', 'args']).toString();
      expect(left).not.toMatch(/eng-spa\.automorf\.bin/);
    });

    it('applies a team glossary around the engine: its placeholders come back as they were', async () => {
      const glossary = {
        owner: 'team-1',
        terms: [
          { source: 'turnover', target: 'limpieza de salida' },
          { source: 'key box', target: 'caja de llaves' },
        ],
      };
      const texts = ['Turnover: Harbour View 4B', 'Open the key box after the turnover.'];
      const signal = () => ({ signal: AbortSignal.timeout(20_000) });
      const plain = await engine.translate(texts, 'en', 'es', signal());
      expect(plain[0]).not.toMatch(/limpieza de salida/i);
      expect(plain[0]).toMatch(/Facturación/);
      const withTerms = await translateWithGlossary(engine, texts, 'en', 'es', glossary, signal());
      expect(withTerms[0]).toBe('Limpieza de salida: Vista de puerto 4B');
      expect(withTerms[1]).toMatch(/caja de llaves/);
      expect(withTerms[1]).toMatch(/limpieza de salida/);
      expect(withTerms.join(' ')).not.toMatch(/ZQX/i);
    });
  },
);
