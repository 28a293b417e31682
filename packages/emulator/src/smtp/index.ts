import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the mail server received it, parsed. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/** What the mail server does wrong, for tests and demos (docs/operator.md, "Sending invitations"). */
export interface SmtpFaults {
  /** Recipients refused for good with 550, as a mailbox that does not exist. */
  rejectRecipients?: string[];
  /** The next this-many messages are refused for now with 451 (the sender is to try again later). */
  tempFailNext?: number;
}

export interface SmtpEmulator {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  faults: SmtpFaults;
  /** Resolves when `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on the loopback interface that keeps every message it accepts: the mail server of
 * the tests, the demo and the bench. No TLS, no authentication (any credentials are accepted).
 */
export async function startSmtpEmulator(port = 0): Promise<SmtpEmulator> {
  const received: ReceivedMail[] = [];
  const faults: SmtpFaults = {};
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'demo' }),
    logger: false,
    onRcptTo(address, _session, callback) {
      if (faults.rejectRecipients?.includes(address.address.toLowerCase())) {
        const error = Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((faults.tempFailNext ?? 0) > 0) {
          faults.tempFailNext = (faults.tempFailNext ?? 0) - 1;
          callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              parsed,
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    faults,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
