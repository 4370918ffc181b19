import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { ChecklistCache, ChecklistListCache, DERIVED_PER_ENTRY, keepDerived } from './checklist-cache.ts';

function checklist(id: string, name = 'List'): Checklist {
  return aChecklist({ id, name });
}

describe('ChecklistCache', () => {
  it('answers an entry only at the revision it was read at', () => {
    const cache = new ChecklistCache();
    const entry = cache.remember('user_1', 3, checklist('checklist_a'));
    expect(cache.at('checklist_a', 3)).toBe(entry);
    expect(JSON.parse(entry.body)).toEqual(checklist('checklist_a'));
    expect(cache.at('checklist_a', 4)).toBeUndefined();
    expect(cache.at('checklist_a', 2)).toBeUndefined();
    expect(cache.at('checklist_b', 3)).toBeUndefined();
  });

  it('never goes back to an older revision read late, and moves on to a newer one', () => {
    const cache = new ChecklistCache();
    cache.remember('user_1', 5, checklist('checklist_a', 'five'));
    cache.remember('user_1', 4, checklist('checklist_a', 'four'));
    expect(cache.at('checklist_a', 5)?.checklist.name).toBe('five');
    expect(cache.at('checklist_a', 4)).toBeUndefined();
    cache.remember('user_1', 6, checklist('checklist_a', 'six'));
    expect(cache.at('checklist_a', 6)?.checklist.name).toBe('six');
    expect(cache.size).toBe(1);
  });

  it('stays within its size, dropping the least recently used first', () => {
    const one = JSON.stringify(checklist('checklist_0')).length;
    const cache = new ChecklistCache(one * 3);
    for (const id of ['checklist_0', 'checklist_1', 'checklist_2'])
      cache.remember('user_1', 1, checklist(id));
    cache.at('checklist_0', 1); // used: now the most recent
    cache.remember('user_1', 1, checklist('checklist_3'));
    expect(cache.size).toBe(3);
    expect(cache.characters).toBeLessThanOrEqual(one * 3);
    expect(cache.at('checklist_1', 1)).toBeUndefined();
    expect(cache.at('checklist_0', 1)).toBeDefined();
    expect(cache.at('checklist_3', 1)).toBeDefined();
  });

  it('does not keep an entry larger than the whole cache, and forgets on request', () => {
    const cache = new ChecklistCache(10);
    cache.remember('user_1', 1, checklist('checklist_big'));
    expect(cache.size).toBe(0);
    const roomy = new ChecklistCache();
    roomy.remember('user_1', 1, checklist('checklist_a'));
    roomy.forget('checklist_a');
    expect(roomy.size).toBe(0);
    expect(roomy.characters).toBe(0);
  });
});

describe('answers derived from a cached state', () => {
  it('go with the revision they were made of, and at most a few are kept per entry', () => {
    const cache = new ChecklistCache();
    const entry = cache.remember('user_1', 3, checklist('checklist_a'));
    keepDerived(entry, 'share_1|en', '{"shared":1}');
    expect(cache.at('checklist_a', 3)?.derived?.get('share_1|en')).toBe('{"shared":1}');
    for (let n = 0; n < DERIVED_PER_ENTRY; n += 1) keepDerived(entry, `share_${n}|es`, '{}');
    expect(entry.derived?.size).toBeLessThanOrEqual(DERIVED_PER_ENTRY);

    cache.remember('user_1', 4, checklist('checklist_a', 'Renamed'));
    expect(cache.at('checklist_a', 4)?.derived).toBeUndefined();
  });
});

describe('ChecklistListCache', () => {
  it('answers a list only at the fingerprint it was read at, and drops the least recently used', () => {
    const lists = new ChecklistListCache(30);
    lists.remember('user_1', 'f1', { body: '[1111111111]', next: null });
    expect(lists.at('user_1', 'f1')?.body).toBe('[1111111111]');
    expect(lists.at('user_1', 'f2')).toBeUndefined();
    expect(lists.at('user_2', 'f1')).toBeUndefined();

    lists.remember('user_2', 'g1', { body: '[2222222222]', next: null });
    lists.at('user_1', 'f1'); // user_1 is now the most recently used
    lists.remember('user_3', 'h1', { body: '[3333333333]', next: null });
    expect(lists.at('user_2', 'g1')).toBeUndefined();
    expect(lists.at('user_1', 'f1')?.body).toBe('[1111111111]');
    expect(lists.at('user_3', 'h1')?.body).toBe('[3333333333]');

    lists.remember('user_1', 'f2', { body: '[1]', next: null });
    expect(lists.at('user_1', 'f1')).toBeUndefined();
    expect(lists.at('user_1', 'f2')?.body).toBe('[1]');
  });
});
