/**
 * Mail over SMTP with nodemailer (SMTP_URL: smtp:// with STARTTLS, smtps:// with TLS). A module of its own so the
 * embedded default, which writes mails to stderr and DATA_DIR/outbox/ (mail.ts), never loads nodemailer: main.ts
 * imports this only when SMTP_URL is set (about 70 ms of the start otherwise).
 */
import nodemailer from 'nodemailer';
import type { MailTransport } from './mail.js';

export function smtpTransport(url: string, from: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    url,
    // A stalled server must not hold a player's form for minutes: the page says "try again" instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    describe: `SMTP ${parsed.protocol}//${parsed.host}`,
    close: () => transporter.close(),
  };
}
