/**
 * The round scheduler of the outboxes (the automation relay, the mail sender): a round runs every interval and
 * whenever a commit nudges it; rounds never overlap (a nudge during a round asks for one more right after it);
 * `stop` ends the polling and waits for the round in flight, so what it leased is recorded before shutdown.
 */
export class PollingRounds {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stoppedFlag = false;

  constructor(
    private readonly options: {
      /** Read at every tick, so a config change applies to the next wait. */
      intervalMs: () => number;
      round: () => Promise<void>;
      /** A failed round is reported and the next tick tries again. */
      onError: (err: unknown) => void;
    },
  ) {}

  /** True once {@link stop} was called: a round's loop checks it between batches. */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  start(): void {
    const tick = () => {
      if (this.stoppedFlag) return;
      this.nudge();
      this.timer = setTimeout(tick, this.options.intervalMs());
      this.timer.unref();
    };
    tick();
  }

  /** Runs a round now (or right after the current one). */
  nudge(): void {
    if (this.stoppedFlag) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.options
      .round()
      .catch((err: unknown) => this.options.onError(err))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stoppedFlag) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Stops polling and waits for the round in flight. */
  async stop(): Promise<void> {
    this.stoppedFlag = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * A chore done at most once per interval, asked for at every round (pruning an outbox): the first call of a fresh
 * start runs it. A failure is reported and tried again after the next interval; it never fails the round.
 */
export function whenDue(
  intervalMs: () => number,
  chore: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let doneAt = 0;
  return async () => {
    if (Date.now() - doneAt < intervalMs()) return;
    doneAt = Date.now();
    await chore().catch(onError);
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}
