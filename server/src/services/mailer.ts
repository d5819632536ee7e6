import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

/** A mail: its text, and an HTML version when the active mail template gives one (services/templates.ts). */
export type Mail = { to: string; subject: string; text: string; html?: string };
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
      const part = (type: string, content: string) => [
        `Content-Type: ${type}; charset=utf-8`,
        'Content-Transfer-Encoding: 8bit',
        '',
        content,
        '',
      ];
      const boundary = `linkup-${crypto.randomUUID()}`;
      // Written as 8-bit text, so a developer (and a test) reads the links in it as they are.
      const body = mail.html
        ? [
            `Content-Type: multipart/alternative; boundary="${boundary}"`,
            '',
            `--${boundary}`,
            ...part('text/plain', mail.text),
            `--${boundary}`,
            ...part('text/html', mail.html),
            `--${boundary}--`,
            '',
          ]
        : part('text/plain', mail.text);
      const eml = [
        `From: ${opts.from}`,
        `To: ${mail.to}`,
        `Subject: =?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        ...body,
      ].join('\r\n');
      await fs.writeFile(file, eml);
      opts.log.info(`mail to ${mail.to} written to ${file} (set SMTP_URL to send mail)`);
    },
  };
}
