/**
 * Sends the latest of a stream of values (a pointer's positions): at most one every `everyMs`, and
 * one request at a time, so what the receivers see last is what was given last. A value given while
 * one waits replaces it; one given while a request is in flight goes when it has settled.
 */
export class LatestValueSender<T> {
  private waiting: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private stopped = false;
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly everyMs: number,
    private readonly send: (value: T) => Promise<unknown>,
  ) {}

  give(value: T) {
    this.waiting = { value };
    this.schedule();
  }

  /** Sends again after `stop` (React's development double mount stops and starts an effect). */
  start() {
    this.stopped = false;
    this.schedule();
  }

  /** Nothing more is sent (what waits is dropped when `start` does not follow). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule() {
    if (this.timer || this.inFlight || !this.waiting || this.stopped) return;
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastSentAt + this.everyMs - Date.now()));
  }

  private flush() {
    this.timer = null;
    const next = this.waiting;
    this.waiting = null;
    if (!next) return;
    this.inFlight = true;
    this.lastSentAt = Date.now();
    void this.send(next.value)
      .catch(() => {})
      .finally(() => {
        this.inFlight = false;
        this.schedule();
      });
  }
}
