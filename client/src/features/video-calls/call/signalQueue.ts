/**
 * A batch's JSON stays under the server's limit of a signal request (16 KB, SIGNAL_MAX_LENGTH in
 * server/src/services/calls.ts), and holds at most as many signals as it takes (SIGNAL_BATCH_MAX).
 */
export const SIGNAL_BATCH_MAX_LENGTH = 12 * 1024;
export const SIGNAL_BATCH_MAX = 100;

/**
 * The mesh signals to one person, sent in order with one request at a time: what simple-peer emits
 * while a request is on its way (ICE candidates come by the dozen) goes together in the next, as a
 * JSON array. One request per signal had a newcomer to a six-person mesh send about 140 at once;
 * behind the browser's six connections per host and a busy server they waited past the request
 * timeout, and the candidates they carried were lost (the SFU suite, November 2026).
 */
export class SignalQueue {
  private readonly queued: unknown[] = [];
  private sending = false;

  constructor(
    private readonly send: (data: string) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  push(signal: unknown) {
    this.queued.push(signal);
    if (!this.sending) void this.flush();
  }

  private async flush() {
    this.sending = true;
    while (this.queued.length > 0) {
      const batch = this.takeBatch();
      try {
        // One signal goes as itself, as it always did.
        await this.send(JSON.stringify(batch.length === 1 ? batch[0] : batch));
      } catch (error) {
        this.onError(error);
      }
    }
    this.sending = false;
  }

  /** The oldest queued signals that fit one request (at least one). */
  private takeBatch(): unknown[] {
    let length = 2;
    let count = 0;
    while (count < this.queued.length && count < SIGNAL_BATCH_MAX) {
      const size = JSON.stringify(this.queued[count]).length + 1;
      if (count > 0 && length + size > SIGNAL_BATCH_MAX_LENGTH) break;
      length += size;
      count += 1;
    }
    return this.queued.splice(0, count);
  }
}
