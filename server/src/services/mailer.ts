import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export type Mail = { to: string; subject: string; text: string };
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each mail is written as an .eml file to the data folder's
 * outbox, and the log says where, so a developer can follow reset links without a mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`,
      );
      const eml = [
        `From: ${opts.from}`,
        `To: ${mail.to}`,
        `Subject: =?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        mail.text,
        '',
      ].join('\r\n');
      await fs.writeFile(file, eml);
      opts.log.info(`mail to ${mail.to} written to ${file} (set SMTP_URL to send mail)`);
    },
  };
}
