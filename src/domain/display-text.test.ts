import { describe, expect, it } from 'vitest';
import { withoutBidiControls } from './display-text.ts';

describe('withoutBidiControls', () => {
  const controls: [string, string][] = [
    ['U+202A LEFT-TO-RIGHT EMBEDDING', '\u202A'],
    ['U+202B RIGHT-TO-LEFT EMBEDDING', '\u202B'],
    ['U+202C POP DIRECTIONAL FORMATTING', '\u202C'],
    ['U+202D LEFT-TO-RIGHT OVERRIDE', '\u202D'],
    ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202E'],
    ['U+2066 LEFT-TO-RIGHT ISOLATE', '\u2066'],
    ['U+2067 RIGHT-TO-LEFT ISOLATE', '\u2067'],
    ['U+2068 FIRST STRONG ISOLATE', '\u2068'],
    ['U+2069 POP DIRECTIONAL ISOLATE', '\u2069'],
  ];

  it.each(controls)('removes %s wherever it stands', (_name, control) => {
    expect(withoutBidiControls(`${control}Invoice${control} 12${control}`)).toBe('Invoice 12');
  });

  it('undoes the right-to-left override trick', () => {
    // Shown with the override, this reads 'Payroll_exe.pdf' while it is a name ending in 'fdp.exe'.
    expect(withoutBidiControls('Payroll_\u202Efdp.exe')).toBe('Payroll_fdp.exe');
  });

  it('keeps Arabic and Hebrew names whole, letters and all', () => {
    expect(withoutBidiControls('قائمة تنظيف المطبخ')).toBe('قائمة تنظيف المطبخ');
    expect(withoutBidiControls('רשימת בדיקה (מטבח)')).toBe('רשימת בדיקה (מטבח)');
    expect(withoutBidiControls('\u202Bسارة\u202C')).toBe('سارة');
    expect(withoutBidiControls('\u2067דנה כהן\u2069 HQ')).toBe('דנה כהן HQ');
  });

  it('keeps the implicit marks LRM, RLM and ALM, which open no run', () => {
    for (const mark of ['\u200E', '\u200F', '\u061C']) {
      expect(withoutBidiControls(`מטבח 2${mark}`)).toBe(`מטבח 2${mark}`);
    }
  });

  it('keeps other invisible characters that scripts need (ZWJ in emoji, ZWNJ in Persian)', () => {
    expect(withoutBidiControls('👩\u200D🔧 team')).toBe('👩\u200D🔧 team');
    expect(withoutBidiControls('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });

  it('leaves plain text as it is', () => {
    expect(withoutBidiControls('Cabin turnover')).toBe('Cabin turnover');
    expect(withoutBidiControls('')).toBe('');
  });
});
