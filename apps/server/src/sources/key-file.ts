import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Env } from '../env.ts';

/**
 * The embedded database's sealing secret when SOURCE_KEY_SECRET is unset (docs/deploy.md, "Source
 * keys"): a file outside DATA_DIR, so a copy of the data folder (a backup, a laptop's sync) holds the
 * sealed keys without what opens them. SOURCE_KEY_FILE names it; by default it sits in the user's
 * configuration folder, `$XDG_CONFIG_HOME/heavy-rotation/source-key-secret` (`~/.config/…`).
 */
export function sourceKeyFileOf(
  env: Pick<Env, 'SOURCE_KEY_FILE' | 'DATA_DIR'>,
  vars: Record<string, string | undefined> = process.env,
): string {
  const config = vars.XDG_CONFIG_HOME || join(homedir(), '.config');
  const file = resolve(env.SOURCE_KEY_FILE ?? join(config, 'heavy-rotation', 'source-key-secret'));
  const rel = relative(resolve(env.DATA_DIR), file);
  const outside = rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  if (!outside) throw new Error('Invalid configuration: SOURCE_KEY_FILE: must be outside DATA_DIR');
  return file;
}

/** The secrets a file lists, one a line (the first seals, every one opens), or none. */
async function secretsIn(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Writes the file whole (a temporary file renamed over it), readable by this user only. */
async function writeSecrets(file: string, secrets: string[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const staging = `${file}.${process.pid}.tmp`;
  await writeFile(staging, `${secrets.join('\n')}\n`, { mode: 0o600 });
  await rename(staging, file);
}

/**
 * The secret as SOURCE_KEY_SECRET would give it (`new,old`), from `file`: made on the first start. A
 * secret an earlier version kept inside DATA_DIR is moved into the file (after any it already lists, so
 * keys it sealed still open and are sealed again under the first) and deleted from the data folder.
 */
export async function sourceKeySecretFromFile(file: string, dataDir: string): Promise<string> {
  const legacy = join(dataDir, 'source-key-secret');
  const [own, old] = await Promise.all([secretsIn(file), secretsIn(legacy)]);
  if (old.length > 0) {
    const merged = [...own, ...old.filter((s) => !own.includes(s))];
    if (merged.length !== own.length) await writeSecrets(file, merged);
    await rm(legacy, { force: true });
    return merged.join(',');
  }
  if (own.length > 0) return own.join(',');
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Exclusive: two servers starting at once on a new machine end up with the one secret written first.
  await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).catch(
    () => undefined,
  );
  const made = await secretsIn(file);
  if (made.length === 0) throw new Error(`SOURCE_KEY_FILE: ${file} holds no secret`);
  return made.join(',');
}
