import type { Checklist } from '#domain/checklist';

/**
 * Checklists as last read from the database, each with the revision it was read at and its JSON
 * already written. A checklist's `revision` goes up by one in the same statement as every change to
 * it or its tasks (and changes to one checklist are serialised by its row lock), so a revision names
 * exactly one state. A reader asks the database only for the current revision (a primary-key lookup,
 * folded into the session check) and answers from here when it matches: nothing stale is ever served,
 * on one instance or many, and nothing needs invalidating. Building a 50-task checklist's JSON costs
 * the database about six times the lookup (docs/decisions/0004).
 *
 * Bounded by the characters of JSON held; the least recently used entries go first.
 */
export interface CachedChecklist {
  teamId: string;
  revision: number;
  checklist: Checklist;
  /** `checklist` as the API's JSON body. */
  body: string;
  /**
   * Other answers made of this very state (a recipient's shared page, by share and language), kept
   * with it and gone with it when the revision moves on; at most DERIVED_PER_ENTRY.
   */
  derived?: Map<string, string>;
}

export const DERIVED_PER_ENTRY = 8;

/** Keeps an answer made of this entry's state under `key` (e.g. the share and language it is for). */
export function keepDerived(entry: CachedChecklist, key: string, body: string): void {
  entry.derived ??= new Map();
  if (entry.derived.size >= DERIVED_PER_ENTRY) entry.derived.clear();
  entry.derived.set(key, body);
}

/** About 64 MB of strings at most (UTF-16). */
export const CHECKLIST_CACHE_CHARACTERS = 32 * 1024 * 1024;

export class ChecklistCache {
  readonly #entries = new Map<string, CachedChecklist>();
  #characters = 0;

  constructor(readonly maxCharacters = CHECKLIST_CACHE_CHARACTERS) {}

  /** The entry for this checklist at exactly this revision, or undefined. */
  at(checklistId: string, revision: number): CachedChecklist | undefined {
    const entry = this.#entries.get(checklistId);
    if (!entry) return undefined;
    if (entry.revision !== revision) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(checklistId);
    this.#entries.set(checklistId, entry);
    return entry;
  }

  /** Keeps the checklist as read at `revision`, unless a later revision is already held. */
  remember(teamId: string, revision: number, checklist: Checklist): CachedChecklist {
    const entry: CachedChecklist = { teamId, revision, checklist, body: JSON.stringify(checklist) };
    const held = this.#entries.get(checklist.id);
    if (held && held.revision > revision) return entry;
    if (held) this.#drop(checklist.id, held);
    if (entry.body.length > this.maxCharacters) return entry;
    this.#entries.set(checklist.id, entry);
    this.#characters += entry.body.length;
    for (const [id, oldest] of this.#entries) {
      if (this.#characters <= this.maxCharacters) break;
      this.#drop(id, oldest);
    }
    return entry;
  }

  forget(checklistId: string): void {
    const held = this.#entries.get(checklistId);
    if (held) this.#drop(checklistId, held);
  }

  get size(): number {
    return this.#entries.size;
  }

  get characters(): number {
    return this.#characters;
  }

  #drop(checklistId: string, entry: CachedChecklist): void {
    this.#entries.delete(checklistId);
    this.#characters -= entry.body.length;
  }
}

/**
 * Windows (pages) of teams' dashboard lists as last read, each with the fingerprint it was read at (the
 * MD5 of its rows' ids and revisions, one row past the window included: repositories/checklist-list.ts)
 * and its JSON already written, with the next page's cursor. A reader asks the database only for the
 * current fingerprint of its window (folded into the session check) and answers from here when it
 * matches: as with checklists, nothing stale is ever served, on any instance. A change to one
 * checklist changes only the windows that hold it. Keyed by the team and the window (filter, start,
 * size); bounded by the characters held; the least recently used go first.
 */
export interface KeptListPage {
  body: string;
  next: string | null;
}

export class ChecklistListCache {
  readonly #entries = new Map<string, { fingerprint: string; page: KeptListPage }>();
  #characters = 0;

  constructor(readonly maxCharacters = CHECKLIST_CACHE_CHARACTERS / 4) {}

  /** The window at exactly this fingerprint, or undefined. */
  at(key: string, fingerprint: string): KeptListPage | undefined {
    const entry = this.#entries.get(key);
    if (entry?.fingerprint !== fingerprint) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.page;
  }

  remember(key: string, fingerprint: string, page: KeptListPage): void {
    const held = this.#entries.get(key);
    if (held) {
      this.#entries.delete(key);
      this.#characters -= held.page.body.length;
    }
    if (page.body.length > this.maxCharacters) return;
    this.#entries.set(key, { fingerprint, page });
    this.#characters += page.body.length;
    for (const [id, oldest] of this.#entries) {
      if (this.#characters <= this.maxCharacters) break;
      this.#entries.delete(id);
      this.#characters -= oldest.page.body.length;
    }
  }
}
