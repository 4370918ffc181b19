import { describe, expect, it } from 'vitest';
import { changedWords } from './changed-words.ts';

describe('changedWords', () => {
  it('finds the words a correction put in, without the punctuation around them', () => {
    expect(changedWords('Facturación: Vista de puerto 4B', 'Limpieza de salida: Vista de puerto 4B')).toBe(
      'Limpieza de salida',
    );
    expect(changedWords('Revisa la caja clave', 'Revisa la caja de llaves')).toBe('de llaves');
    expect(changedWords('Fregar el piso.', 'Fregar el suelo.')).toBe('suelo');
  });

  it('is empty when nothing was put in', () => {
    expect(changedWords('Fregar el suelo', 'Fregar el suelo')).toBe('');
    expect(changedWords('Fregar el suelo ahora', 'Fregar el suelo')).toBe('');
    expect(changedWords('', '')).toBe('');
  });
});
