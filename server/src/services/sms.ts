import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';

export type Sms = { to: string; text: string };

export interface SmsSender {
  /** False when no gateway is configured and messages only reach the log (development). */
  readonly delivers: boolean;
  send(sms: Sms): Promise<void>;
}

/**
 * With SMS_URL: a JSON POST `{to, text}` to the gateway (most SMS providers, or a small adapter in
 * front of one, take this shape). Without it, each SMS is logged and appended to the data folder's
 * sms-outbox, so a developer can verify a phone without a provider.
 */
export function createSmsSender(opts: { url?: string; token?: string; outboxDir: string; log: Logger }): SmsSender {
  if (opts.url) {
    const url = opts.url;
    return {
      delivers: true,
      async send(sms) {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify(sms),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      },
    };
  }
  return {
    delivers: false,
    async send(sms) {
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${sms.to.replace(/[^0-9+]/g, '')}.txt`);
      await fs.appendFile(file, `${new Date().toISOString()} ${sms.text}\n`);
      opts.log.info(`SMS to ${sms.to} (no SMS_URL, not sent): ${sms.text}`);
    },
  };
}
