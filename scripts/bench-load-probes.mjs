// What bench:load (scripts/bench-load.mjs) reads of the machine while it runs: the open files
// limit, the CPU of the servers, of this database's PostgreSQL backends, of the generator and of
// every other process (from /proc), and what the database's queries wait for and write.
import { readFileSync } from 'node:fs';

/** The application name of the bench's own connection to its database (left out of the samples). */
export const STATS_CLIENT = 'bench-load statistics';

// File descriptors: every person holds two sockets in the generator and two in the server.

/**
 * The open files limit this process has. Node raises its soft limit to the hard one at start-up, and
 * the servers, being Node too, do the same: only the hard limit can stand in the way (ulimit -Hn).
 */
export function openFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const soft = line.split(/\s{2,}/)[1];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

// ---------------------------------------------------------------------------------------------
// CPU: the servers, this database's PostgreSQL backends and the generator, from /proc.

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null; // gone
  }
}

/** CPU time of the whole machine (every process, ours and others'), in seconds. */
function machineCpuSeconds() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
  const busy = fields.slice(0, 8).reduce((sum, value) => sum + value, 0) - fields[3] - fields[4];
  return busy / TICKS_PER_SECOND;
}

/** Seconds the process's main thread has waited for a core while runnable (/proc schedstat). */
function runQueueSecondsOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return null;
  }
}

export async function cpuSnapshot(admin, databaseName, servers) {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [databaseName]);
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    servers: servers.map((server) => cpuSecondsOf(server.pid)),
    waits: servers.map((server) => runQueueSecondsOf(server.pid)),
    backends,
    generator: (usage.user + usage.system) / 1e6,
    machine: machineCpuSeconds(),
  };
}

/** CPU used between two snapshots, in percent of one core. */
export function cpuBetween(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const percent = (used) => (100 * used) / seconds;
  let backends = 0;
  for (const [pid, start] of before.backends) {
    const end = after.backends.get(pid);
    if (start !== null && end !== null && end !== undefined) backends += end - start;
  }
  const servers = after.servers.map((end, i) => percent(end - before.servers[i]));
  const postgres = percent(backends);
  const generator = percent(after.generator - before.generator);
  const machine = percent(after.machine - before.machine);
  const ours = servers.reduce((sum, value) => sum + value, 0) + postgres + generator;
  // The share of the window the server's event loop was ready to run but had no core.
  const waiting = after.waits.map((end, i) => percent(end - before.waits[i]));
  return { servers, waiting, postgres, generator, machine, others: Math.max(0, machine - ours) };
}

// ---------------------------------------------------------------------------------------------
// The database

/**
 * What this database's backends are doing, sampled every 250 ms: how many run a query, and what
 * those wait for (none: on a CPU). Tells a saturated pool or lock and I/O waits from a busy CPU.
 */
export function sampleBackends(admin, databaseName) {
  const samples = { count: 0, active: 0, total: 0, inTransaction: 0, waits: {} };
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await admin.query(
        `select state, wait_event_type, wait_event from pg_stat_activity
         where datname = $1 and backend_type = 'client backend' and application_name <> $2`,
        [databaseName, STATS_CLIENT],
      );
      samples.count += 1;
      samples.total += rows.length;
      for (const row of rows) {
        if (row.state === 'idle in transaction') samples.inTransaction += 1;
        if (row.state !== 'active') continue;
        samples.active += 1;
        const wait = row.wait_event ? `${row.wait_event_type}:${row.wait_event}` : 'CPU';
        samples.waits[wait] = (samples.waits[wait] ?? 0) + 1;
      }
    } finally {
      busy = false;
    }
  }, 250);
  return () => {
    clearInterval(timer);
    const top = Object.entries(samples.waits)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 4)
      .map(([wait, n]) => `${wait} ${((100 * n) / Math.max(1, samples.active)).toFixed(0)}%`);
    return {
      active: samples.active / Math.max(1, samples.count),
      inTransaction: samples.inTransaction / Math.max(1, samples.count),
      connections: samples.total / Math.max(1, samples.count),
      waits: top.join(', ') || 'none',
    };
  };
}

/** This database's commits and rows written so far, per table (PostgreSQL's cumulative statistics). */
export async function writesSoFar(database) {
  const { rows } = await database.query(
    `select relname, n_tup_ins + n_tup_upd + n_tup_del as written from pg_stat_user_tables
     union all select '(transactions)', xact_commit from pg_stat_database where datname = current_database()`,
  );
  return new Map(rows.map(({ relname, written }) => [relname, Number(written)]));
}

/** Commits and rows written per action between two readings, the busiest tables first. */
export function writesPerAction(before, after, actions) {
  return [...after]
    .map(([table, count]) => [table, (count - (before.get(table) ?? 0)) / Math.max(1, actions)])
    .filter(([, perAction]) => perAction >= 0.05)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([table, perAction]) => `${table} ${perAction.toFixed(2)}`)
    .join(', ');
}
