// A real SMTP server on loopback (smtp-server), for tests of the mails the server sends: each
// accepted mail is parsed (mailparser) and handed to whoever waits for it, in arrival order.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailSettings } from '../src/lib/mail-settings.ts';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
}

export interface TestSmtp {
  port: number;
  /** Mail settings that send to this server; links point at `publicUrl`. */
  settings(publicUrl?: string): MailSettings;
  /** The next mail not yet taken, once it has arrived. */
  nextMail(): Promise<ReceivedMail>;
  /** How many arrived mails nobody has taken yet. */
  pending(): number;
  /** Refuse every mail from now on with a 550 (a mail server that says no). */
  refuseAll(reason: string): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const arrived: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let refusal: string | null = null;
  const deliver = (mail: ReceivedMail) => {
    const waiter = waiting.shift();
    if (waiter) waiter(mail);
    else arrived.push(mail);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusal) {
        callback(Object.assign(new Error(refusal), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          deliver({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            from: parsed.from?.text ?? '',
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    settings: (publicUrl = 'http://binlens.test') => ({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Binlens <binlens@example.com>', publicUrl }),
    nextMail: () => {
      const mail = arrived.shift();
      return mail ? Promise.resolve(mail) : new Promise((resolve) => waiting.push(resolve));
    },
    pending: () => arrived.length,
    refuseAll(reason) {
      refusal = reason;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of the set-password link in a mail's text. */
export function linkToken(mail: ReceivedMail): string {
  // "http://binlens.test/set-password?token=Q2x...": base64url after token=.
  const match = /\/set-password\?token=([\w-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no set-password link in: ${mail.text}`);
  return match[1];
}
