// The simulated people of `npm run bench:load` (scripts/bench-load.mjs), run in a worker thread.
//
// A group is one checklist worked on by its owner and three verified recipients. Each person is one
// browser: its own source address on the loopback (127.1.x.y, so per-IP limits and ephemeral ports
// are per person, as for real phones), one keep-alive HTTP connection (undici) and one WebSocket
// following the group's checklist, as the web client does. Each acts about every 5 s with jitter, as
// the pages and the offline queue do: ticks and unticks one of its own tasks (PATCH with an
// Idempotency-Key and changedAt), opens the checklist or the dashboard (the reads those pages make),
// writes a remark, now and then uploads a small photo. Once its queue is empty the client reads the
// checklist again only where its copy may be behind (docs/decisions/0007, issue 15): after a photo
// (its answer is a task), or an answer that names no revision (X-Checklist-Revision); not after a
// tick or a remark answered with one.
//
// Delivery: the tasks of a checklist are split among its four people, so each task changes by one
// person only, one change at a time. A tick is delivered to a screen when that screen receives an
// update showing the task in the ticked state before the person changes it again.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { Client } from 'undici';
import WebSocket from 'ws';

const { bases, origin, photo, databaseUrl, actEveryMs } = workerData;
export const PEOPLE_PER_GROUP = 4;
const TASKS = 20;
const IDLE_CHECKLISTS = 4;
const SEED_CONCURRENCY = 8;
const OPEN_CONCURRENCY = 50;

/** What a person does when its turn comes (recipients have no dashboard: they open their page instead). */
const MIX = { tick: 0.7, checklist: 0.12, dashboard: 0.1, remark: 0.06, photo: 0.02 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Person p's own loopback address: 127.1.0.1 upwards, never a .0 or .255. */
function addressOf(p) {
  return `127.${1 + Math.floor(p / 62_500)}.${1 + (Math.floor(p / 250) % 250)}.${1 + (p % 250)}`;
}

// ---------------------------------------------------------------------------------------------
// Figures of the current step

let stats = newStats();
/** Whether what starts now is counted (the measured window). */
let measuring = false;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** Errors are kept from one report to the next (ramp and warm-up included); the rest per window. */
function newStats(errors = {}) {
  return {
    latencies: {},
    requests: 0,
    actions: 0,
    errors,
    lost: 0,
    expected: 0,
    delivered: 0,
    deliveryMs: [],
    wsMessages: 0,
    wsBytes: 0,
  };
}

function countError(what) {
  stats.errors[what] = (stats.errors[what] ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------
// HTTP as the browser sends it

class HttpError extends Error {}

/** What Chromium asks for; the server compresses JSON answers of 1 KiB and more (br or gzip). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The answer's text, decoded as the browser would. */
async function textOf(response) {
  const encoding = response.headers['content-encoding'];
  if (!encoding) return response.body.text();
  const bytes = Buffer.from(await response.body.arrayBuffer());
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  throw new HttpError(`an answer in ${encoding}, which this generator does not decode`);
}

/** One request on the person's connection; counted under `kind` when it starts inside the window. */
async function call(person, kind, method, path, { body, headers = {}, expect = 200 } = {}) {
  const counted = measuring && kind !== null;
  const started = performance.now();
  try {
    const response = await person.http.request({
      method,
      path,
      headers: {
        cookie: person.cookie ?? '',
        'user-agent': 'listsync-bench-load',
        'accept-encoding': ACCEPT_ENCODING,
        'sec-fetch-site': 'same-origin',
        ...(method === 'GET' ? {} : { origin }),
        ...headers,
      },
      body,
    });
    const text = await textOf(response);
    if (response.statusCode !== expect) {
      throw new HttpError(
        `${method} ${path.split('?')[0]} answered ${response.statusCode}: ${text.slice(0, 200)}`,
      );
    }
    if (counted) {
      stats.requests += 1;
      stats.latencies[kind] ??= [];
      stats.latencies[kind].push(performance.now() - started);
    }
    return { text, response };
  } catch (error) {
    if (kind !== null)
      countError(`${kind}: ${error instanceof HttpError ? error.message : error.code || error.message}`);
    throw error;
  }
}

function json(body) {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** A mutation as the offline queue sends it: JSON, an Idempotency-Key and when it was made. */
function queued(body) {
  const request = json({ ...body, changedAt: new Date().toISOString() });
  request.headers['idempotency-key'] = randomUUID();
  return request;
}

function setCookieOf(response, name) {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).find((cookie) => cookie.startsWith(`${name}=`));
}

/** Whether the serialized checklist shows the task completed (tasks are written id first). */
function completedIn(text, taskId) {
  const at = text.indexOf(`"id":"${taskId}"`);
  if (at < 0) return null;
  const field = text.indexOf('"completed":', at);
  return field < 0 ? null : text.startsWith('true', field + 12);
}

// ---------------------------------------------------------------------------------------------
// Seeding: the owner signs in (local mode) and creates the checklists, shares one with three
// recipients, and each recipient verifies with the code from its own address.

function personOf(p, role) {
  const base = bases[p % bases.length];
  return {
    p,
    role,
    base,
    address: addressOf(p),
    http: new Client(base, {
      localAddress: addressOf(p),
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    }),
  };
}

async function seedGroup(g) {
  const owner = personOf(g * PEOPLE_PER_GROUP, 'owner');
  const login = await call(owner, null, 'POST', '/api/dev/login', {
    ...json({ email: `load-owner-${g}@example.com`, displayName: `Owner ${g}` }),
  });
  owner.cookie = setCookieOf(login.response, 'listsync_session');
  owner.uid = JSON.parse(login.text).user.uid;
  const create = (name, count) =>
    call(owner, null, 'POST', '/api/checklists', {
      ...json({
        name,
        tasks: Array.from({ length: count }, (_, i) => ({
          description: `Task ${i + 1}: check and photograph`,
          details: 'Look behind the sofa.',
          photoRequired: false,
        })),
      }),
      expect: 201,
    });
  const checklist = JSON.parse((await create(`Turnover ${g}`, TASKS)).text);
  for (let i = 0; i < IDLE_CHECKLISTS; i += 1) await create(`Next week ${g}.${i}`, 5);
  const recipients = [];
  for (let j = 1; j < PEOPLE_PER_GROUP; j += 1) {
    const recipient = personOf(g * PEOPLE_PER_GROUP + j, 'recipient');
    const sent = JSON.parse(
      (
        await call(owner, null, 'POST', '/api/verification/send', {
          ...json({
            consent: true,
            checklistId: checklist.id,
            email: `load-recipient-${g}-${j}@example.com`,
            recipientName: `Cleaner ${g}.${j}`,
            targetLanguage: 'en',
          }),
        })
      ).text,
    );
    const verified = await call(recipient, null, 'POST', '/api/verification/verify', {
      ...json({ token: sent.token, code: sent.verificationCode }),
    });
    recipient.cookie = setCookieOf(verified.response, 'listsync_recipient');
    recipient.token = sent.token;
    recipients.push(recipient);
  }
  return {
    g,
    checklistId: checklist.id,
    taskIds: checklist.tasks.map((task) => task.id),
    people: [owner, ...recipients].map(({ p, role, cookie, uid, token }) => ({
      p,
      role,
      cookie,
      uid,
      token,
    })),
    live: [owner, ...recipients],
  };
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inBatches(items, limit, work) {
  const results = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

// ---------------------------------------------------------------------------------------------
// People at work

const groups = [];
let stopping = false;
/** While people are being added, the others wait (seeding through a saturated server would take ages). */
let paused = false;

/** A seeded group's people, with connections of their own on this run's instances. */
function liveGroup(definition) {
  const live = definition.people.map((person) => ({ ...personOf(person.p, person.role), ...person }));
  return { ...definition, live };
}

function prepareGroup(group) {
  group.pending = new Map();
  group.live.forEach((person, index) => {
    person.group = group;
    person.ownTasks = group.taskIds.filter((_, i) => i % PEOPLE_PER_GROUP === index);
    person.state = new Map(person.ownTasks.map((id) => [id, false]));
    person.subscribed = false;
  });
}

/** Opens the person's WebSocket and follows the checklist; resolves once subscribed. */
function openScreen(person) {
  return new Promise((resolve, reject) => {
    const url = `${person.base.replace('http', 'ws')}/ws`;
    const ws = new WebSocket(url, {
      headers: { cookie: person.cookie, origin },
      localAddress: person.address,
    });
    person.ws = ws;
    ws.once('open', () =>
      ws.send(JSON.stringify({ type: 'subscribe', checklistId: person.group.checklistId })),
    );
    ws.on('message', (data) => {
      const text = data.toString();
      if (measuring) {
        stats.wsMessages += 1;
        stats.wsBytes += data.length;
      }
      if (text.startsWith('{"type":"update"')) receiveUpdate(person, text);
      else if (text.startsWith('{"type":"subscribed"')) {
        person.subscribed = true;
        resolve();
      } else if (text.startsWith('{"type":"error"') || text.startsWith('{"type":"resync"')) {
        countError(`websocket: ${text.slice(0, 160)}`);
      }
    });
    ws.once('error', (error) => {
      countError(`websocket: ${error.message}`);
      reject(error);
    });
    ws.once('close', (code) => {
      person.subscribed = false;
      if (!stopping) countError(`websocket closed by the server (${code})`);
    });
  });
}

function receiveUpdate(screen, text) {
  const now = performance.now();
  for (const [taskId, tick] of screen.group.pending) {
    if (!tick.awaiting.has(screen) || completedIn(text, taskId) !== tick.completed) continue;
    tick.awaiting.delete(screen);
    if (tick.counted) {
      stats.delivered += 1;
      stats.deliveryMs.push(now - tick.sentAt);
    }
    if (tick.awaiting.size === 0) screen.group.pending.delete(taskId);
  }
}

/** Every open screen of the checklist now waits for this tick (a previous one not seen by now is lost). */
function expectTick(person, taskId, completed) {
  const { group } = person;
  const previous = group.pending.get(taskId);
  // Not seen by now (a change of the same task comes 2.5 s or more later): it never will be.
  if (previous?.counted) stats.lost += previous.awaiting.size;
  const awaiting = new Set(group.live.filter((screen) => screen.subscribed));
  const tick = { completed, sentAt: performance.now(), counted: measuring, awaiting };
  if (tick.counted) stats.expected += awaiting.size;
  group.pending.set(taskId, tick);
  return tick;
}

/** What the checklist page reads (the owner's copy, or the recipient's through the share). */
function readChecklist(person) {
  return person.role === 'owner'
    ? call(person, 'checklist', 'GET', `/api/checklists/${person.group.checklistId}`)
    : call(person, 'shared', 'GET', `/api/shared/checklist?token=${person.token}&lang=en`);
}

async function openChecklistPage(person) {
  if (person.role === 'owner') {
    await readChecklist(person);
    await call(person, 'shares', 'GET', `/api/checklists/${person.group.checklistId}/shares`);
  } else {
    await call(person, 'status', 'GET', `/api/verification/status/${person.token}`);
    await readChecklist(person);
  }
}

async function openDashboard(person) {
  await call(person, 'list', 'GET', `/api/checklists?userId=${person.uid}`);
  await call(person, 'stats', 'GET', '/api/dashboard/stats?timeZone=UTC');
  await call(person, 'plan', 'GET', `/api/user/${person.uid}/subscription`, {
    headers: { 'cache-control': 'no-cache', pragma: 'no-cache' },
  });
}

async function tick(person) {
  const taskId = person.ownTasks[Math.floor(Math.random() * person.ownTasks.length)];
  const completed = !person.state.get(taskId);
  const expected = expectTick(person, taskId, completed);
  let answer;
  try {
    const { text, response } = await call(
      person,
      'tick',
      'PATCH',
      `/api/checklists/${person.group.checklistId}/tasks/${taskId}`,
      queued({ completed }),
    );
    if (completedIn(text, taskId) !== completed) countError('tick: the answer does not show the tick');
    person.state.set(taskId, completed);
    answer = response;
  } catch (error) {
    // Not applied: no screen is owed it.
    if (person.group.pending.get(taskId) === expected) person.group.pending.delete(taskId);
    throw error;
  }
  await readAgainUnlessPlaced(person, answer);
}

/**
 * The offline queue, drained, reads the checklist again only when the answer named no revision (it
 * cannot be placed against the live updates the page has applied); a whole checklist at a revision
 * is written, or left for the newer copy the page holds.
 */
async function readAgainUnlessPlaced(person, response) {
  if (response.headers['x-checklist-revision'] === undefined) {
    countError('answer without X-Checklist-Revision (the client reads the checklist again)');
    await readChecklist(person);
  }
}

async function remark(person) {
  const { response } = await call(person, 'remark', 'PATCH', `/api/checklists/${person.group.checklistId}`, {
    ...queued({ remarks: `Checked by ${person.role} ${person.p} at ${new Date().toISOString()}` }),
  });
  await readAgainUnlessPlaced(person, response);
}

const BOUNDARY = '----listsyncbenchload';
const PHOTO_BODY = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="proof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ),
  Buffer.from(photo),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

async function uploadPhoto(person) {
  const taskId = person.ownTasks[Math.floor(Math.random() * person.ownTasks.length)];
  await call(person, 'photo', 'POST', `/api/checklists/${person.group.checklistId}/tasks/${taskId}/photo`, {
    body: PHOTO_BODY,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'idempotency-key': randomUUID() },
  });
  // Its answer is the task, not the checklist: the queue, drained, reads the checklist again.
  await readChecklist(person);
}

function chooseAction(person) {
  let roll = Math.random();
  for (const [action, share] of Object.entries(MIX)) {
    roll -= share;
    if (roll < 0) return action === 'dashboard' && person.role !== 'owner' ? 'checklist' : action;
  }
  return 'tick';
}

const ACTIONS = { tick, checklist: openChecklistPage, dashboard: openDashboard, remark, photo: uploadPhoto };

/** Acts, then waits for its next turn: every `actEveryMs` on average (half to one and a half of it). */
async function live(person) {
  await sleep(Math.random() * actEveryMs);
  while (!stopping) {
    if (paused) {
      await sleep(100 + Math.random() * actEveryMs);
      continue;
    }
    const started = performance.now();
    if (measuring) stats.actions += 1;
    try {
      await ACTIONS[chooseAction(person)](person);
    } catch {
      // counted in call(); the person carries on, as a page would
    }
    const wait = actEveryMs * (0.5 + Math.random()) - (performance.now() - started);
    await sleep(Math.max(0, wait));
  }
}

async function addGroups({ seed, definitions }) {
  const added = [...(await inBatches(seed, SEED_CONCURRENCY, seedGroup)), ...definitions.map(liveGroup)];
  const owners = added.filter((group) => seed.includes(group.g)).map((group) => group.people[0].uid);
  if (owners.length > 0) {
    // Paying customers, raised in the database (the server's limits stay as they are).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // The plan is the team's; a person's own team has their id (decision 0040).
    await db.query(`update teams set tier = 'enterprise', manual_tier = 'enterprise' where id = any($1)`, [
      owners,
    ]);
    await db.end();
  }
  for (const group of added) prepareGroup(group);
  const people = added.flatMap((group) => group.live);
  await inBatches(people, OPEN_CONCURRENCY, async (person) => {
    await openScreen(person);
    await openChecklistPage(person); // the page the screen shows (not counted: before the window)
  });
  groups.push(...added);
  for (const person of people) void live(person);
  return added.map(({ g, checklistId, taskIds, people: definitionPeople }) => ({
    g,
    checklistId,
    taskIds,
    people: definitionPeople,
  }));
}

/** The step's figures; ticks still awaited now (the window ended a drain ago) were not delivered. */
function report() {
  let undelivered = 0;
  for (const group of groups) {
    for (const [taskId, tick] of group.pending) {
      if (!tick.counted) continue;
      undelivered += tick.awaiting.size;
      tick.counted = false;
      if (tick.awaiting.size === 0) group.pending.delete(taskId);
    }
  }
  const figures = {
    ...stats,
    undelivered: undelivered + stats.lost,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
  stats = newStats();
  loopDelay.reset();
  return figures;
}

async function stop() {
  stopping = true;
  for (const group of groups) {
    for (const person of group.live) {
      person.ws?.terminate();
      await person.http.destroy().catch(() => undefined);
    }
  }
}

parentPort.on('message', async (message) => {
  try {
    switch (message.type) {
      case 'add':
        paused = true;
        parentPort.postMessage({ type: 'added', groups: await addGroups(message) });
        return;
      case 'resume':
        paused = false;
        return;
      case 'measure':
        if (message.on) {
          stats = newStats(stats.errors);
          loopDelay.reset();
        }
        measuring = message.on;
        return;
      case 'report':
        parentPort.postMessage({ type: 'report', figures: report() });
        return;
      case 'stop':
        await stop();
        parentPort.postMessage({ type: 'stopped' });
        return;
    }
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: error.stack ?? String(error) });
  }
});
