const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as the operator reads it, in their own time zone. */
export function when(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** "1 signup", "3 signups". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

const REMOVED_WORDS: [string, string, string][] = [
  ['profiles', 'profile', 'profiles'],
  ['numbers', 'phone number', 'phone numbers'],
  ['consentRecords', 'consent record', 'consent records'],
  ['pendingCodes', 'unconfirmed code', 'unconfirmed codes'],
  ['sourceSessions', 'sign-in', 'sign-ins'],
  ['savedLists', 'saved list', 'saved lists'],
  ['chartSnapshots', 'weekly chart', 'weekly charts'],
  ['generatorCounts', 'message count', 'message counts'],
  ['challengeLinks', 'challenge link', 'challenge links'],
  ['waitlistSignups', 'waitlist signup', 'waitlist signups'],
  ['outboxMail', 'email in the outbox', 'emails in the outbox'],
];

/** "Removed 1 profile, 2 consent records and 1 waitlist signup." from an erasure's reply. */
export function describeRemoved(removed: Record<string, number>): string {
  const parts = REMOVED_WORDS.filter(([key]) => (removed[key] ?? 0) > 0).map(([key, one, many]) =>
    count(removed[key] ?? 0, one, many),
  );
  if (parts.length === 0) return 'Nothing was held for them.';
  const last = parts.pop();
  return `Removed ${parts.length ? `${parts.join(', ')} and ${last}` : last}.`;
}
