import { createJSONStorage } from 'zustand/middleware';

// Browser storage that never throws: corrupt JSON reads as absent, and when storage is unavailable
// (private mode, blocked cookies) values live in memory for this page's life.
const memory = new Map<string, string>();
let available: boolean | undefined;

export function storageAvailable(): boolean {
  if (available === undefined) {
    try {
      const probe = '__hr_probe__';
      localStorage.setItem(probe, probe);
      localStorage.removeItem(probe);
      available = true;
    } catch {
      available = false;
    }
  }
  return available;
}

export function readString(key: string): string | null {
  if (!storageAvailable()) return memory.get(key) ?? null;
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

export function writeString(key: string, value: string): void {
  if (storageAvailable()) {
    try {
      localStorage.setItem(key, value);
      return;
    } catch {
      // quota exceeded: keep it for this page at least
    }
  }
  memory.set(key, value);
}

export function removeKey(key: string): void {
  memory.delete(key);
  if (storageAvailable()) {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  }
}

/** Removes every stored key the predicate accepts (e.g. all artist caches). */
export function removeKeysWhere(predicate: (key: string) => boolean): void {
  for (const key of [...memory.keys()]) if (predicate(key)) memory.delete(key);
  if (!storageAvailable()) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && predicate(key)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // storage went away: nothing left to remove
  }
}

/** A stored JSON object, its fields unknown until the caller checks them; null when absent or not an object. */
export function readJsonObject(key: string): Record<string, unknown> | null {
  const text = readString(key);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value));
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Storage for persisted zustand stores, with the same guarantees. */
// Pure: a module that imports storage without this (the early script) leaves it out.
export const safeStorage = /* @__PURE__ */ createJSONStorage(() => ({
  getItem: readString,
  setItem: writeString,
  removeItem: removeKey,
}));
