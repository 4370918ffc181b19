import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUiLanguage } from './i18n.tsx';

describe('the runtime', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads plain and ICU messages of a compiled catalog without a word on the console', async () => {
    const warn = vi.spyOn(console, 'warn');
    const ru = await loadUiLanguage('ru');
    expect(ru._('code.verify')).toBe('Подтвердить');
    expect(ru._('offline.pendingCount', { count: 21 })).toBe('21 изменение ждёт синхронизации');
    expect(ru._('offline.pendingCount', { count: 22 })).toBe('22 изменения ждут синхронизации');
    expect(ru._('offline.pendingCount', { count: 25 })).toBe('25 изменений ждут синхронизации');
    const ar = await loadUiLanguage('ar');
    expect(ar._('checklist.tasksDone', { done: 1, total: 2 })).toBe('اكتمل 1 من أصل مهمتين');
    expect(warn).not.toHaveBeenCalled();
  });
});
