import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { ChecklistLanes } from './checklist-lanes.ts';

/**
 * A database handle whose transactions are recorded: `db` is the pool, each transaction hands its
 * work a handle of its own, and fails (rolls back) when the work throws or `failCommit` is set.
 */
function recordingDatabase() {
  const transactions: Database[][] = [];
  let failCommit = false;
  const db = {
    name: 'pool',
    async transaction(work: (tx: Database) => Promise<unknown>) {
      const tx = { name: `tx${transactions.length + 1}` } as unknown as Database;
      transactions.push([tx]);
      const result = await work(tx);
      if (failCommit) {
        failCommit = false;
        throw new Error('commit failed');
      }
      return result;
    },
  } as unknown as Database;
  return {
    db,
    transactions,
    failNextCommit() {
      failCommit = true;
    },
  };
}

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) };
const turn = () => new Promise((resolve) => setImmediate(resolve));
const nameOf = (db: Database) => (db as unknown as { name: string }).name;

/** A change that records where it ran and ends when the test says. */
function gate() {
  const ran: { label: string; on: string }[] = [];
  const open = new Map<string, (value: string) => void>();
  const change = (label: string, fail?: Error) => async (on: Database) => {
    ran.push({ label, on: nameOf(on) });
    if (fail) throw fail;
    if (label.startsWith('held')) await new Promise<string>((resolve) => open.set(label, resolve));
    return `${label} done`;
  };
  return { ran, change, release: (label: string) => open.get(label)?.(label) };
}

describe('ChecklistLanes', () => {
  it('runs a change alone at once, and groups those that arrive meanwhile in one transaction, in order', async () => {
    const { db, transactions } = recordingDatabase();
    const lanes = new ChecklistLanes(db, log);
    const { ran, change, release } = gate();
    const first = lanes.run('c1', change('held-1'));
    const waiting = ['a', 'b', 'c'].map((label) => lanes.run('c1', change(label)));
    // Another checklist is not held up by this one.
    const other = await lanes.run('c2', change('other'));
    expect(other).toBe('other done');
    expect(ran).toEqual([
      { label: 'held-1', on: 'pool' },
      { label: 'other', on: 'pool' },
    ]);
    expect(lanes.waitingChanges).toBe(3);
    release('held-1');
    expect(await first).toBe('held-1 done');
    expect(await Promise.all(waiting)).toEqual(['a done', 'b done', 'c done']);
    expect(ran.slice(2)).toEqual([
      { label: 'a', on: 'tx1' },
      { label: 'b', on: 'tx1' },
      { label: 'c', on: 'tx1' },
    ]);
    expect(transactions).toHaveLength(1);
    await turn();
    expect(lanes.waitingChanges).toBe(0);
    // The lane is empty again: the next change runs alone, on the pool.
    expect(await lanes.run('c1', change('d'))).toBe('d done');
    expect(ran.at(-1)).toEqual({ label: 'd', on: 'pool' });
  });

  it('one waiting change runs alone; a group is at most maxGroup changes, the rest go in the next', async () => {
    const { db, transactions } = recordingDatabase();
    const lanes = new ChecklistLanes(db, log, 2);
    const { ran, change, release } = gate();
    const first = lanes.run('c1', change('held-1'));
    const second = lanes.run('c1', change('held-2'));
    release('held-1');
    await first;
    await turn();
    // held-2 waited alone: it runs alone, on the pool, with no transaction.
    expect(ran.at(-1)).toEqual({ label: 'held-2', on: 'pool' });
    const more = ['a', 'b', 'c'].map((label) => lanes.run('c1', change(label)));
    release('held-2');
    await second;
    expect(await Promise.all(more)).toEqual(['a done', 'b done', 'c done']);
    expect(ran.slice(2).map((entry) => `${entry.label}@${entry.on}`)).toEqual(['a@tx1', 'b@tx1', 'c@pool']);
    expect(transactions).toHaveLength(1);
  });

  it("a change that fails in a group fails alone: the group's others run again alone and are kept", async () => {
    const { db, transactions } = recordingDatabase();
    const lanes = new ChecklistLanes(db, log);
    const { ran, change, release } = gate();
    const first = lanes.run('c1', change('held-1'));
    const broken = new Error('no such task');
    const [a, b, c] = [
      lanes.run('c1', change('a')),
      lanes.run('c1', change('b', broken)),
      lanes.run('c1', change('c')),
    ];
    release('held-1');
    await first;
    expect(await a).toBe('a done');
    await expect(b).rejects.toBe(broken);
    expect(await c).toBe('c done');
    // The transaction stopped at b and rolled back; then each ran alone.
    expect(transactions).toHaveLength(1);
    expect(ran.slice(1).map((entry) => `${entry.label}@${entry.on}`)).toEqual([
      'a@tx1',
      'b@tx1',
      'a@pool',
      'b@pool',
      'c@pool',
    ]);
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('a group whose commit fails runs again, each alone', async () => {
    const { db, failNextCommit } = recordingDatabase();
    const lanes = new ChecklistLanes(db, log);
    const { ran, change, release } = gate();
    const first = lanes.run('c1', change('held-1'));
    const waiting = ['a', 'b'].map((label) => lanes.run('c1', change(label)));
    failNextCommit();
    release('held-1');
    await first;
    expect(await Promise.all(waiting)).toEqual(['a done', 'b done']);
    expect(ran.slice(1).map((entry) => `${entry.label}@${entry.on}`)).toEqual([
      'a@tx1',
      'b@tx1',
      'a@pool',
      'b@pool',
    ]);
  });

  it('a change that fails alone frees its lane for the next', async () => {
    const { db } = recordingDatabase();
    const lanes = new ChecklistLanes(db, log);
    const { change } = gate();
    await expect(lanes.run('c1', change('x', new Error('gone')))).rejects.toThrow('gone');
    await turn();
    expect(await lanes.run('c1', change('y'))).toBe('y done');
  });
});
