/**
 * A token bucket: holds up to `capacity` tokens, gains `perSecond` a second, and each message takes
 * one. A client may send a burst of `capacity` at once, then `perSecond` a second for ever.
 */
export class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#tokens = capacity;
    this.#last = now();
  }

  /** Takes a token if there is one. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Whether the bucket has filled up again (the client has been quiet long enough). */
  get full(): boolean {
    this.#refill();
    return this.#tokens >= this.capacity;
  }

  #refill(): void {
    const now = this.now();
    const gained = ((now - this.#last) / 1000) * this.perSecond;
    this.#last = now;
    this.#tokens = Math.min(this.capacity, this.#tokens + gained);
  }
}
