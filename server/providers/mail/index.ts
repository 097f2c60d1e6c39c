// Outgoing mail: SMTP when SMTP_URL is set, else the embedded dev mailbox (kept in memory, shown at
// /dev/mailbox and written to the log) so login codes work with no mail account anywhere. The mailbox
// is only for whoever runs the server: each mail remembers the browser that asked for it (its viewer).
import crypto from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../../logger.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface KeptMail extends OutgoingMail {
  sentAt: string;
  /** The dev-mailbox binding of the browser whose request sent this mail; null: not from a browser. */
  viewer: string | null;
}

export interface Mailer {
  readonly devMailbox: boolean;
  /** Opens the dev mailbox from anywhere (printed in the start-up log); null with SMTP. */
  readonly operatorToken: string | null;
  send(mail: OutgoingMail, options?: { viewer?: string | null }): Promise<void>;
  /** Newest first; only the dev mailbox keeps mail. */
  recent(): KeptMail[];
}

const DEV_MAILBOX_SIZE = 50;

export function createMailer(options: { smtpUrl: string | null; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer is loaded with the first mail, not at start (the server's idle memory stays small).
    let transport: Promise<Transporter> | null = null;
    return {
      devMailbox: false,
      operatorToken: null,
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from: options.from, ...mail });
      },
      recent: () => [],
    };
  }
  const box: KeptMail[] = [];
  return {
    devMailbox: true,
    operatorToken: crypto.randomBytes(24).toString('base64url'),
    async send(mail, sendOptions) {
      box.unshift({ ...mail, sentAt: new Date().toISOString(), viewer: sendOptions?.viewer ?? null });
      box.length = Math.min(box.length, DEV_MAILBOX_SIZE);
      options.logger.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'dev mailbox: mail not sent (no SMTP_URL)',
      );
    },
    recent: () => [...box],
  };
}
