import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { featureFlag } from '../db/schema.ts';

const SMS_GATE = 'sms_gate_enabled';

/** The flags the product reads, with their value when no row sets them (docs/operator.md, "Flags"). */
const KNOWN_FLAGS: Record<string, { byDefault: boolean; description: string }> = {
  [SMS_GATE]: {
    byDefault: true,
    description: 'Ask listeners for a phone number (SMS opt-in) before the quiz',
  },
};

// Every page load asks for the flag: keep it briefly in memory. Other instances see a change within this.
const CACHE_MS = 5_000;

export interface FlagStore {
  /** Whether the phone gate is on, from a cache of at most CACHE_MS. */
  smsGate(): Promise<boolean>;
  /** The same, without a promise while the cache holds it (every call but one per CACHE_MS). */
  smsGateAtOnce(): boolean | Promise<boolean>;
  /** Every flag: the known ones (with their defaults when unset) and any other row. */
  list(): Promise<{ key: string; enabled: boolean; description: string; updatedAt: Date | null }[]>;
  set(key: string, enabled: boolean): Promise<void>;
}

export function createFlagStore(db: Db, now: () => number): FlagStore {
  let cached: { enabled: boolean; until: number } | undefined;
  // One query per expiry, however many callers arrive while it runs.
  let reading: Promise<boolean> | undefined;
  // Bumped by a write, so a read that started before it cannot put the old value back.
  let version = 0;
  function smsGateAtOnce(): boolean | Promise<boolean> {
    if (cached && cached.until > now()) return cached.enabled;
    const started = version;
    reading ??= db
      .select()
      .from(featureFlag)
      .where(eq(featureFlag.key, SMS_GATE))
      .then(([row]) => {
        const enabled = row?.enabled ?? true;
        if (started === version) cached = { enabled, until: now() + CACHE_MS };
        return enabled;
      })
      .finally(() => {
        if (started === version) reading = undefined;
      });
    return reading;
  }
  return {
    smsGateAtOnce,
    async smsGate() {
      return smsGateAtOnce();
    },
    async list() {
      const rows = await db.select().from(featureFlag).orderBy(featureFlag.key);
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const known = Object.entries(KNOWN_FLAGS).map(([key, flag]) => ({
        key,
        enabled: byKey.get(key)?.enabled ?? flag.byDefault,
        description: flag.description,
        updatedAt: byKey.get(key)?.updatedAt ?? null,
      }));
      const others = rows
        .filter((r) => !(r.key in KNOWN_FLAGS))
        .map((r) => ({
          key: r.key,
          enabled: r.enabled,
          description: 'Not read by this version',
          updatedAt: r.updatedAt,
        }));
      return [...known, ...others];
    },
    async set(key, enabled) {
      await db
        .insert(featureFlag)
        .values({ key, enabled })
        .onConflictDoUpdate({ target: featureFlag.key, set: { enabled, updatedAt: sql`now()` } });
      version += 1;
      cached = undefined;
      reading = undefined;
    },
  };
}
