import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../http/logger.ts';

/** A claimed message's lease: another instance may take it over only after this (a crash mid-send). */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;
/** Attempts before a message that keeps meeting temporary errors is given up. */
const MAX_ATTEMPTS = 5;
/** How often a started queue looks for due email (and it sends at once after each invite). */
const POLL_MS = 5_000;

interface MailQueueOptions {
  db: Db;
  /** smtp:// or smtps:// URL of the mail server; without it messages go to the outbox only (demo mode). */
  smtpUrl?: string;
  from: string;
  now: () => number;
  logger: Logger;
  /** The first retry's delay; each later one doubles it. */
  retryBaseMs: number;
}

export interface MailQueue {
  /** Sends what is due now, without waiting (after an invite). */
  kick(): void;
  /** Sends what is due; resolves with how many messages were handled. */
  runOnce(): Promise<number>;
  /**
   * Sends what is due every `everyMs` (5 s), except while `paused()`, until the returned function is
   * called. The server process starts it (src/index.ts); tests that send email start it themselves.
   */
  start(paused: () => boolean, everyMs?: number): () => void;
}

/** Why a send failed, and whether trying again can help (a 5xx answer is a refusal for good). */
function describeFailure(error: unknown): { text: string; permanent: boolean } {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const text = (e.response ?? e.message ?? String(error)).slice(0, 300);
  return {
    text: code ? `${code} ${text.replace(/^\d{3}\s*/, '')}` : text,
    permanent: code !== undefined && code >= 500,
  };
}

/** nodemailer is a large module: loaded with the first message to send, not while the server starts. */
function lazyTransport(smtpUrl: string): () => Promise<Transporter> {
  let ready: Promise<Transporter> | undefined;
  return () => {
    ready ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
    return ready;
  };
}

/**
 * The email queue (docs/operator.md, "Sending invitations"): rows of `mail_outbox` are claimed with
 * FOR UPDATE SKIP LOCKED, so two instances never hand the same message to the mail server; temporary
 * failures are tried again with doubling delays, a refusal (5xx) is kept on the row as its bounce.
 */
function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, now, logger } = options;
  const transport = options.smtpUrl ? lazyTransport(options.smtpUrl) : undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function claim() {
    const at = new Date(now());
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, at)))
      .orderBy(mailOutbox.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now() + LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(message: typeof mailOutbox.$inferSelect): Promise<void> {
    try {
      if (transport) {
        await (await transport()).sendMail({
          from: options.from,
          to: message.toEmail,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
        });
      }
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(now()),
          lastError: null,
          transport: transport ? 'smtp' : 'outbox',
        })
        .where(eq(mailOutbox.id, message.id));
    } catch (error) {
      const failure = describeFailure(error);
      const last = failure.permanent || message.attempts >= MAX_ATTEMPTS;
      // The message's id only: never its address.
      logger.warn({ mail: message.id, attempts: message.attempts, last }, 'mail not sent');
      await db
        .update(mailOutbox)
        .set({
          status: last ? 'failed' : 'queued',
          lastError: failure.text,
          nextAttemptAt: new Date(now() + options.retryBaseMs * 2 ** (message.attempts - 1)),
        })
        .where(eq(mailOutbox.id, message.id));
    }
  }

  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claim();
      for (const message of batch) await deliver(message);
      handled += batch.length;
      if (batch.length < BATCH) return handled;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        logger.warn({ cause: error instanceof Error ? error.message : String(error) }, 'mail queue paused');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  return {
    kick: () => void runOnce(),
    runOnce,
    start(paused, everyMs = POLL_MS) {
      const timer = setInterval(() => {
        if (!paused()) void runOnce();
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/** Before an email that met a temporary error is tried again; the delay doubles each time. */
const MAIL_RETRY_MS = 60_000;

/** The queue sending through SMTP_URL as MAIL_FROM (the outbox only when unset), retrying after MAIL_RETRY_MS. */
export function mailQueueFromEnv(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
  shared: { db: Db; now: () => number; logger: Logger },
): MailQueue {
  return createMailQueue({
    ...shared,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    retryBaseMs: MAIL_RETRY_MS,
  });
}
