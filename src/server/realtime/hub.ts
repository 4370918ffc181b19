import type { FastifyBaseLogger } from 'fastify';
import { isLanguageCode } from '#domain/languages';
import type { ChangeNotice } from '../db/change-notice.ts';
import type { Database } from '../db/client.ts';
import type { RealtimeMetrics } from '../metrics.ts';
import { checklistUpdateFrame } from '../presenters/checklists.ts';
import { recipientIdOfShare } from '../repositories/shares.ts';
import type { CachedChecklist, ChecklistCache } from '../services/checklist-cache.ts';
import { readChecklistWithRevision } from '../services/checklists.ts';
import type { SubscriberKind } from './access.ts';
import { encode } from './wire.ts';

/** The revision a deleted checklist's feed is set to: beyond any real one. */
const DELETED = Number.MAX_SAFE_INTEGER;

/** What the hub needs of a socket (realtime/connection.ts). */
export interface Subscriber {
  /** Sends an already encoded message (one encoding shared by every receiver). */
  sendEncoded(message: Buffer): void;
  /** The subscription ended from our side (checklist deleted); the socket forgets it. */
  forget(checklistId: string): void;
  /** Grants of this checklist ended somewhere: is this socket's still live? */
  recheckRecipient(checklistId: string): void;
  /** Its owner session ended (signed out). */
  sessionEnded(): void;
  /** This user left a team or was removed from it: a socket of theirs closes (docs/teams.md). */
  membershipEnded(userId: string): void;
}

/** One checklist followed on this instance. */
interface Feed {
  subscribers: Map<Subscriber, SubscriberKind>;
  /** Subscribes being authorised: notices are tracked while any is pending. */
  pending: number;
  /** Grant-ended notices seen (a pending recipient subscribe checks again if this moved). */
  accessEpoch: number;
  /** The highest revision announced, and the actor of each announced revision not yet sent. */
  announced: number;
  actors: Map<number, string | null>;
  /** When each of those notices arrived here (performance.now()), for the fan-out lag. */
  noticedAt: Map<number, number>;
  /** The highest revision sent: nothing older is ever sent after it. */
  sent: number;
  /** The checklist's team (what reads on its behalf are scoped to). */
  teamId: string | null;
  /** The read in progress, if any: one per checklist per instance, however many notices arrive. */
  delivering: Promise<void> | null;
}

export interface PendingSubscribe {
  /** Whether grants of the checklist ended since the subscribe began. */
  accessChanged(): boolean;
  release(): void;
}

/**
 * Subscriptions on this instance and the fan-out of change notices to them. On a change, the
 * checklist is read once (or taken from the read cache at exactly that revision), encoded once per
 * kind of receiver, and the same bytes go to every socket following it. Bursts coalesce: while a read
 * is in flight, later notices only raise the revision wanted, and the next read fetches the latest.
 */
export class RealtimeHub {
  readonly #feeds = new Map<string, Feed>();
  readonly #dashboards = new Map<string, Set<Subscriber>>();
  /** Sockets following an owner's notifications, by owner. */
  readonly #notifications = new Map<string, Set<Subscriber>>();
  readonly #bySession = new Map<string, Set<Subscriber>>();
  /** shares.recipient_id never changes; bounded by clearing when full. */
  readonly #recipientIds = new Map<string, string | null>();

  constructor(
    private readonly db: Database,
    private readonly cache: ChecklistCache,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Pick<RealtimeMetrics, 'fanOut'>,
  ) {}

  // Subscriptions

  /** Called before a subscribe is authorised, so a change committed meanwhile is not missed. */
  beginSubscribe(checklistId: string): PendingSubscribe {
    const feed = this.#feed(checklistId);
    feed.pending += 1;
    const epoch = feed.accessEpoch;
    let released = false;
    return {
      accessChanged: () => feed.accessEpoch !== epoch,
      release: () => {
        if (released) return;
        released = true;
        feed.pending -= 1;
        this.#dropIfIdle(checklistId, feed);
      },
    };
  }

  /**
   * Adds the socket to the checklist's receivers and answers the revision to acknowledge: the one
   * the subscribe read, or a later one this instance heard of meanwhile (the client refetches when
   * its copy is older). Null when the checklist was deleted meanwhile.
   */
  subscribe(
    checklistId: string,
    subscriber: Subscriber,
    kind: SubscriberKind,
    teamId: string,
    revision: number,
  ): number | null {
    const feed = this.#feed(checklistId);
    // Deleted while the subscribe was being authorised.
    if (feed.sent === DELETED) return null;
    feed.subscribers.set(subscriber, kind);
    feed.teamId = teamId;
    return Math.max(revision, feed.announced, feed.sent);
  }

  unsubscribe(checklistId: string, subscriber: Subscriber): void {
    const feed = this.#feeds.get(checklistId);
    if (!feed) return;
    feed.subscribers.delete(subscriber);
    this.#dropIfIdle(checklistId, feed);
  }

  /** Sockets following a team's dashboard (its members' lists), by team. */
  subscribeDashboard(teamId: string, subscriber: Subscriber): void {
    addTo(this.#dashboards, teamId, subscriber);
  }

  unsubscribeDashboard(teamId: string, subscriber: Subscriber): void {
    removeFrom(this.#dashboards, teamId, subscriber);
  }

  subscribeNotifications(ownerId: string, subscriber: Subscriber): void {
    addTo(this.#notifications, ownerId, subscriber);
  }

  unsubscribeNotifications(ownerId: string, subscriber: Subscriber): void {
    removeFrom(this.#notifications, ownerId, subscriber);
  }

  /** Sockets opened with this owner session, for the session-ended notice. */
  trackSession(sessionHash: string, subscriber: Subscriber): void {
    addTo(this.#bySession, sessionHash, subscriber);
  }

  untrackSession(sessionHash: string, subscriber: Subscriber): void {
    removeFrom(this.#bySession, sessionHash, subscriber);
  }

  /** How many sockets follow the checklist here (tests, diagnostics). */
  subscriberCount(checklistId: string): number {
    return this.#feeds.get(checklistId)?.subscribers.size ?? 0;
  }

  // Notices

  handle(notice: ChangeNotice): void {
    switch (notice.kind) {
      case 'checklist': {
        this.#tellDashboards(notice.teamId, notice.checklistId);
        if (notice.op === 'delete') this.#deleted(notice.checklistId);
        else this.#changed(notice.checklistId, notice.teamId, notice.revision, notice.actorShareId);
        return;
      }
      case 'access': {
        const feed = this.#feeds.get(notice.checklistId);
        if (!feed) return;
        feed.accessEpoch += 1;
        for (const [subscriber, kind] of feed.subscribers) {
          if (kind === 'recipient') subscriber.recheckRecipient(notice.checklistId);
        }
        return;
      }
      case 'membership-ended':
      case 'team-changed': {
        if (notice.kind === 'membership-ended') {
          for (const subscribers of this.#bySession.values()) {
            for (const subscriber of [...subscribers]) subscriber.membershipEnded(notice.userId);
          }
        }
        const dashboards = this.#dashboards.get(notice.teamId);
        if (!dashboards) return;
        const message = encode({ type: 'team-changed' });
        for (const subscriber of dashboards) subscriber.sendEncoded(message);
        return;
      }
      case 'plan': {
        const dashboards = this.#dashboards.get(notice.teamId);
        if (!dashboards) return;
        const message = encode({ type: 'plan-changed' });
        for (const subscriber of dashboards) subscriber.sendEncoded(message);
        return;
      }
      case 'notification': {
        const sockets = this.#notifications.get(notice.userId);
        if (!sockets) return;
        const message = encode({ type: 'notification', notification: notice.notification });
        for (const subscriber of sockets) subscriber.sendEncoded(message);
        return;
      }
      case 'translation': {
        const feed = this.#feeds.get(notice.checklistId);
        if (!feed || !isLanguageCode(notice.language)) return;
        const message = encode({
          type: 'translation-ready',
          checklistId: notice.checklistId,
          language: notice.language,
        });
        for (const subscriber of feed.subscribers.keys()) subscriber.sendEncoded(message);
        return;
      }
      case 'shares': {
        // The owner's screens only: a recipient is not told who else the checklist is shared with.
        const feed = this.#feeds.get(notice.checklistId);
        if (!feed) return;
        const message = encode({ type: 'shares-changed', checklistId: notice.checklistId });
        for (const [subscriber, kind] of feed.subscribers) {
          if (kind === 'owner') subscriber.sendEncoded(message);
        }
        return;
      }
      case 'session-ended': {
        const subscribers = this.#bySession.get(notice.sessionHash);
        if (!subscribers) return;
        for (const subscriber of [...subscribers]) subscriber.sessionEnded();
        return;
      }
    }
  }

  /** Reads in flight (app close waits for them before the database goes). */
  async settle(): Promise<void> {
    const pending = [...this.#feeds.values()].flatMap((feed) => (feed.delivering ? [feed.delivering] : []));
    await Promise.allSettled(pending);
  }

  #tellDashboards(teamId: string, checklistId: string): void {
    const dashboards = this.#dashboards.get(teamId);
    if (!dashboards) return;
    const message = encode({ type: 'dashboard-changed', checklistId });
    for (const subscriber of dashboards) subscriber.sendEncoded(message);
  }

  #deleted(checklistId: string): void {
    this.cache.forget(checklistId);
    const feed = this.#feeds.get(checklistId);
    if (!feed) return;
    const message = encode({ type: 'deleted', checklistId });
    for (const subscriber of feed.subscribers.keys()) {
      subscriber.sendEncoded(message);
      subscriber.forget(checklistId);
    }
    feed.subscribers.clear();
    feed.announced = DELETED; // nothing more is sent for it, even by a read in flight
    feed.sent = DELETED;
    this.#dropIfIdle(checklistId, feed);
  }

  #changed(checklistId: string, teamId: string, revision: number, actorShareId: string | null): void {
    const feed = this.#feeds.get(checklistId);
    if (!feed || revision <= feed.sent) return;
    feed.teamId = teamId;
    feed.actors.set(revision, actorShareId);
    if (!feed.noticedAt.has(revision)) feed.noticedAt.set(revision, performance.now());
    if (revision > feed.announced) feed.announced = revision;
    if (feed.subscribers.size > 0 && !feed.delivering) this.#startDelivery(checklistId, feed);
  }

  #startDelivery(checklistId: string, feed: Feed): void {
    feed.delivering = (async () => {
      await null; // so that `feed.delivering` is set before this can end
      try {
        await this.#deliver(checklistId, feed);
      } catch (error) {
        this.log.error({ err: error, checklistId }, 'realtime: could not deliver a checklist change');
        // They would otherwise miss this change until the next one: they refetch instead.
        const resync = encode({ type: 'resync' });
        for (const subscriber of feed.subscribers.keys()) subscriber.sendEncoded(resync);
      } finally {
        // In the same turn as the loop's last check: a notice cannot slip in between.
        feed.delivering = null;
        this.#dropIfIdle(checklistId, feed);
      }
    })();
  }

  /** Sends announced revisions, newest first available, until nothing newer is announced. */
  async #deliver(checklistId: string, feed: Feed): Promise<void> {
    while (feed.announced > feed.sent && feed.subscribers.size > 0 && feed.teamId) {
      const wanted = feed.announced;
      let entry: CachedChecklist | undefined = this.cache.at(checklistId, wanted);
      if (!entry) {
        const read = await readChecklistWithRevision(
          this.db,
          { kind: 'team', teamId: feed.teamId },
          checklistId,
        );
        // Gone: its delete notice speaks for it.
        if (!read) return;
        entry = this.cache.remember(read.teamId, read.revision, read.checklist);
      }
      // Older than what was sent (a read cannot be, as notices follow commits): nothing to do.
      if (entry.revision <= feed.sent) return;
      // Committed, so announced, but its notice is still on its way: it will find this read in the cache.
      if (!feed.actors.has(entry.revision)) return;
      await this.#send(checklistId, feed, entry);
    }
  }

  async #send(checklistId: string, feed: Feed, entry: CachedChecklist): Promise<void> {
    const actorShareId = feed.actors.get(entry.revision) ?? null;
    const recipientId = actorShareId ? await this.#recipientId(actorShareId) : null;
    if (entry.revision <= feed.sent) return;
    feed.sent = entry.revision;
    for (const revision of feed.actors.keys()) if (revision <= entry.revision) feed.actors.delete(revision);
    let noticed = Number.POSITIVE_INFINITY;
    for (const [revision, at] of feed.noticedAt) {
      if (revision > entry.revision) continue;
      noticed = Math.min(noticed, at);
      feed.noticedAt.delete(revision);
    }

    // One frame per kind of receiver, the same bytes to every socket of that kind.
    const frames = new Map<SubscriberKind, Buffer>();
    for (const [subscriber, kind] of feed.subscribers) {
      let frame = frames.get(kind);
      if (!frame) {
        frame = Buffer.from(
          checklistUpdateFrame(kind, { checklistId, revision: entry.revision, held: entry, recipientId }),
        );
        frames.set(kind, frame);
      }
      subscriber.sendEncoded(frame);
    }
    if (noticed !== Number.POSITIVE_INFINITY) this.metrics?.fanOut(performance.now() - noticed);
  }

  async #recipientId(shareId: string): Promise<string | null> {
    if (this.#recipientIds.has(shareId)) return this.#recipientIds.get(shareId) ?? null;
    const recipientId = await recipientIdOfShare(this.db, shareId);
    if (this.#recipientIds.size >= 10_000) this.#recipientIds.clear();
    this.#recipientIds.set(shareId, recipientId);
    return recipientId;
  }

  #feed(checklistId: string): Feed {
    let feed = this.#feeds.get(checklistId);
    if (!feed) {
      feed = {
        subscribers: new Map(),
        pending: 0,
        accessEpoch: 0,
        announced: 0,
        actors: new Map(),
        noticedAt: new Map(),
        sent: 0,
        teamId: null,
        delivering: null,
      };
      this.#feeds.set(checklistId, feed);
    }
    return feed;
  }

  #dropIfIdle(checklistId: string, feed: Feed): void {
    if (
      feed.subscribers.size === 0 &&
      feed.pending === 0 &&
      !feed.delivering &&
      this.#feeds.get(checklistId) === feed
    ) {
      this.#feeds.delete(checklistId);
    }
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
