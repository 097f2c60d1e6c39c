// Outgoing mail: SMTP when SMTP_URL is set, else the embedded dev mailbox (kept in memory, shown at
// /dev/mailbox and written to the log) so login codes work with no mail account anywhere.
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly devMailbox: boolean;
  send(mail: OutgoingMail): Promise<void>;
  /** Newest first; only the dev mailbox keeps mail. */
  recent(): (OutgoingMail & { sentAt: string })[];
}

const DEV_MAILBOX_SIZE = 50;

export function createMailer(options: { smtpUrl: string | null; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      devMailbox: false,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      recent: () => [],
    };
  }
  const box: (OutgoingMail & { sentAt: string })[] = [];
  return {
    devMailbox: true,
    async send(mail) {
      box.unshift({ ...mail, sentAt: new Date().toISOString() });
      box.length = Math.min(box.length, DEV_MAILBOX_SIZE);
      options.logger.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'dev mailbox: mail not sent (no SMTP_URL)',
      );
    },
    recent: () => [...box],
  };
}
