import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@heavy-rotation/contracts';
import type * as admin from '@heavy-rotation/contracts/admin';
import { and, asc, desc, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db } from '../db/client.ts';
import { mailOutbox, userProfile, waitlistSignup } from '../db/schema.ts';
import { newestFirst } from './audit.ts';
import { safeCell } from './csv.ts';
import { adminText } from './texts.ts';

type WaitlistQuery = z.infer<typeof admin.waitlistQuery>;

/** Spotify lets this many allow-listed listeners into an app in development mode. */
const ALLOW_LIST_SLOTS = 5;

// A signup has joined once a listener with its address has a profile; invited once the operator invited it.
const joined = sql`exists (select 1 from ${userProfile} where lower(${userProfile.email}) = ${waitlistSignup.emailNormalised})`;
const status = sql<
  'waiting' | 'invited' | 'joined'
>`(case when ${joined} then 'joined' when ${waitlistSignup.invitedAt} is not null then 'invited' else 'waiting' end)`;

function filters(query: Pick<WaitlistQuery, 'q' | 'status'>): SQL | undefined {
  const parts: SQL[] = [];
  const q = query.q?.trim().toLowerCase();
  if (q) parts.push(sql`position(${q} in ${waitlistSignup.emailNormalised}) > 0`);
  if (query.status) parts.push(sql`${status} = ${query.status}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** What a row of the table and of the CSV shows of a signup. */
const signupColumns = {
  id: waitlistSignup.id,
  email: waitlistSignup.email,
  createdAt: waitlistSignup.createdAt,
  invitedAt: waitlistSignup.invitedAt,
  language: waitlistSignup.language,
  status,
};

/** One page of the waitlist, with the newest email of each row and the counts per status. */
export async function waitlistPage(db: Db, query: WaitlistQuery) {
  const size = query.size ?? 50;
  const page = query.page ?? 1;
  const direction = query.dir === 'asc' ? asc : desc;
  const order =
    query.sort === 'email'
      ? [direction(waitlistSignup.emailNormalised)]
      : query.sort === 'status'
        ? [direction(status), desc(waitlistSignup.id)]
        : [direction(waitlistSignup.createdAt), direction(waitlistSignup.id)];
  const where = filters(query);
  const [rows, [total], counts] = await Promise.all([
    db
      .select(signupColumns)
      .from(waitlistSignup)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(waitlistSignup).where(where),
    db.select({ status, n: sql<number>`count(*)::int` }).from(waitlistSignup).groupBy(sql`1`),
  ]);
  const mail = rows.length
    ? await db
        .selectDistinctOn([mailOutbox.signupId])
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.signupId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(mailOutbox.signupId, desc(mailOutbox.id))
    : [];
  const mailBySignup = new Map(mail.map((m) => [m.signupId, m]));
  const count = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => {
      const m = mailBySignup.get(r.id);
      return {
        id: r.id,
        email: r.email,
        createdAt: r.createdAt.toISOString(),
        status: r.status,
        invitedAt: r.invitedAt?.toISOString() ?? null,
        language: r.language,
        mail: m
          ? {
              status: m.status as 'queued' | 'sending' | 'sent' | 'failed',
              attempts: m.attempts,
              lastError: m.lastError,
              transport: m.transport,
            }
          : null,
      };
    }),
    counts: { waiting: count('waiting'), invited: count('invited'), joined: count('joined') },
    allowList: { used: count('invited') + count('joined'), limit: ALLOW_LIST_SLOTS },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The invitation (docs/operator.md, "Sending invitations"): plain text and HTML with the sign-in link, in
 * the language the signup page was read in (docs/languages.md, "Catalogs").
 */
function invitation(language: Language, link: string): { subject: string; text: string; html: string } {
  const t = (id: Parameters<typeof adminText>[1], values?: Record<string, string>) =>
    adminText(language, id, values);
  const subject = t('invitation.subject');
  const lines = [t('invitation.spotCameUp'), t('invitation.howToPlay')];
  const why = t('invitation.why');
  const text = `${t('invitation.greeting')}\n\n${lines.join('\n\n')}\n\n${t('invitation.signIn', { link })}\n\n${why}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t('invitation.greeting'))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#1db954;color:#000;text-decoration:none;font-weight:600">${escapeHtml(t('invitation.button'))}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(t('invitation.orOpen', { link }))}<br>${escapeHtml(why)}</p>
</body></html>`;
  return { subject, text, html };
}

/** Queues an invitation for each signup, in its language, and marks them invited; resolves with how many were queued. */
export async function invite(db: Db, ids: number[], link: string, now: () => number): Promise<number> {
  const mails = new Map<Language, ReturnType<typeof invitation>>();
  const mailIn = (language: string) => {
    const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    const mail = mails.get(lang) ?? invitation(lang, link);
    mails.set(lang, mail);
    return mail;
  };
  return db.transaction(async (tx) => {
    const signups = await tx
      .update(waitlistSignup)
      .set({ invitedAt: new Date(now()) })
      .where(inArray(waitlistSignup.id, ids))
      .returning({ id: waitlistSignup.id, email: waitlistSignup.email, language: waitlistSignup.language });
    if (signups.length === 0) return 0;
    await tx.insert(mailOutbox).values(
      signups.map((s) => {
        const mail = mailIn(s.language);
        return {
          signupId: s.id,
          toEmail: s.email,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          nextAttemptAt: new Date(now()),
        };
      }),
    );
    return signups.length;
  });
}

/** A page of the waitlist for the CSV export, after a signup id. */
export async function waitlistCsvPage(db: Db, after: number | undefined) {
  const rows = await db
    .select(signupColumns)
    .from(waitlistSignup)
    .where(after === undefined ? undefined : gt(waitlistSignup.id, after))
    .orderBy(asc(waitlistSignup.id))
    .limit(5000);
  return {
    rows: rows.map((r) => [
      safeCell(r.email),
      r.createdAt.toISOString(),
      r.status,
      r.invitedAt?.toISOString() ?? '',
    ]),
    last: rows.at(-1)?.id,
  };
}

/** The outbox, newest first. */
export async function outboxPage(db: Db, page: number) {
  const { rows, total } = await newestFirst(db, mailOutbox, page, 25);
  return {
    total,
    rows: rows.map((m) => ({
      id: m.id,
      to: m.toEmail,
      subject: m.subject,
      text: m.textBody,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      status: m.status as 'queued' | 'sending' | 'sent' | 'failed',
      attempts: m.attempts,
      lastError: m.lastError,
      transport: m.transport,
    })),
  };
}
