/**
 * A real SMTP server for tests (smtp-server, the nodemailer authors' server) on 127.0.0.1 and a free port: it takes
 * the mails the service sends with a username and password, parses each with mailparser (quoted-printable and all)
 * and keeps them for the test to read. `failing` makes it refuse every message (an outage that answers), and `stop`
 * closes it (an outage that does not).
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterFile } from './after-file.js';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** `smtp://user:password@127.0.0.1:<port>` for SMTP_URL / smtpTransport. */
  url: string;
  mails: ReceivedMail[];
  /** The mails to one address (lowercase). */
  to(address: string): ReceivedMail[];
  /** While true every message is refused with a temporary failure (451). */
  failing: boolean;
  stop(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-secret-password';

const servers: SMTPServer[] = [];

export async function startSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    mails: [],
    to: (address) => state.mails.filter((m) => m.to === address.toLowerCase()),
    failing: false,
    stop: async () => {
      const index = servers.indexOf(server);
      if (index >= 0) servers.splice(index, 1);
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (state.failing) {
            const error = new Error('Temporary local problem, try again') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          state.mails.push({
            to: (to?.value[0]?.address ?? '').toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  servers.push(server);
  // Closed when the test file ends unless the test stopped it.
  afterFile(async () => {
    const index = servers.indexOf(server);
    if (index < 0) return;
    servers.splice(index, 1);
    await new Promise<void>((done) => server.close(() => done()));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const port = (server.server.address() as { port: number }).port;
  state.url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`;
  return state;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting ${prefix} in: ${mail.text}`);
  return found;
}
