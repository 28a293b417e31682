const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as the operator reads it, in their own time zone. */
export function when(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** "1 signup", "3 signups". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}
