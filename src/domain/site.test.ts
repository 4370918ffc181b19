import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME, pageTitle, SIGN_IN_POPUP, THEME_COLOR } from './site.ts';

describe('site constants', () => {
  it('titles every page after the site', () => {
    expect(pageTitle(DEFAULT_SITE_NAME)).toBe('ListSync - Real-time Checklists with Photo Proof');
    expect(pageTitle('Acme Lists')).toBe('Acme Lists - Real-time Checklists with Photo Proof');
  });

  it('keeps the values the spec fixes', () => {
    expect(DEFAULT_SITE_NAME).toBe('ListSync');
    expect(THEME_COLOR).toBe('#4f46e5');
    expect(SIGN_IN_POPUP).toEqual({ width: 500, height: 600 });
  });
});
