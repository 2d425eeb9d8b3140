/**
 * The account mails' way out. With SMTP_URL, nodemailer over SMTP (smtp-transport.ts); without
 * it (the embedded default) a log transport writes each mail to stderr and to a file under DATA_DIR/outbox/ (mode
 * 0600), so a player running `npm start` on a laptop sees the link to open. Every mail is rate limited per recipient
 * and per client address asking for it (the service's rate limits: in Redis when configured, so every instance
 * counts together), and counted by kind and outcome.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RateLimiter } from '../http/rate-limit.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Rejects when the mail could not be handed over (the caller tells the player to try again). */
  send(mail: OutgoingMail): Promise<void>;
  /** How mails leave, for the start-up lines (never with a password). */
  readonly describe: string;
  close(): void;
}

/** What a mail is for: the `kind` label of the mail counter. */
export type MailKind =
  | 'sign_up'
  | 'sign_up_existing'
  | 'password_reset'
  | 'email_change'
  | 'email_change_notice'
  | 'password_changed'
  | 'account_deleted';

export type MailOutcome = 'sent' | 'failed' | 'recipient_limited' | 'sender_limited';

export interface AccountMail {
  /**
   * Sends unless a limit is reached. `recipient_limited` is answered to the player like `sent` (the form's answer
   * must not tell whether a mail went out); `sender_limited` and `failed` are told.
   */
  send(kind: MailKind, mail: OutgoingMail, senderKey: string, nowMs: number): Promise<MailOutcome>;
  /**
   * Whether this client address has used up its mails (a look, counting nothing): a form that would mail checks
   * it first, so a refused flood costs neither a password hash nor a stored row.
   */
  senderSpent(senderKey: string, nowMs: number): Promise<boolean>;
}

/** Stands in when the app is built without a transport (some tests): every send fails, as an SMTP outage would. */
export const unconfiguredTransport: MailTransport = {
  send: () => Promise.reject(new Error('no mail transport configured')),
  describe: 'not configured',
  close: () => undefined,
};

/**
 * The embedded default: each mail to `write` (stderr) and to its own file under `<dataDir>/outbox/`, readable by
 * the service's user only (it holds sign-in links).
 */
export function logTransport(options: { dataDir: string; from: string; write: (text: string) => void }): MailTransport {
  const outbox = join(options.dataDir, 'outbox');
  return {
    async send(mail) {
      const text = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.txt`,
      );
      writeFileSync(file, text, { mode: 0o600 });
      options.write(`\n---- mail (no SMTP_URL set; also saved to ${file}) ----\n${text}---- end of mail ----\n\n`);
    },
    describe: `written to stderr and ${outbox} (set SMTP_URL to send them)`,
    close: () => undefined,
  };
}

/** The recipient's key in the limits (hashed: Redis never holds an address). */
function recipientKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

export const MAIL_WINDOW_MS = 3_600_000;

export function accountMail(options: {
  transport: MailTransport;
  /** Per recipient and hour. */
  perRecipient: RateLimiter;
  /** Per client address and hour. */
  perSender: RateLimiter;
  onMail?: (kind: MailKind, outcome: MailOutcome) => void;
}): AccountMail {
  const { transport, perRecipient, perSender } = options;
  return {
    async send(kind, mail, senderKey, nowMs) {
      const outcome = await (async (): Promise<MailOutcome> => {
        if (!(await perSender.take(senderKey, nowMs)).allowed) return 'sender_limited';
        if (!(await perRecipient.take(recipientKey(mail.to), nowMs)).allowed) return 'recipient_limited';
        try {
          await transport.send(mail);
          return 'sent';
        } catch {
          // The reason (an SMTP answer) can hold the address; the counter and the player's page say enough.
          return 'failed';
        }
      })();
      options.onMail?.(kind, outcome);
      return outcome;
    },
    async senderSpent(senderKey, nowMs) {
      return (await perSender.refusal(senderKey, nowMs)) !== undefined;
    },
  };
}
