import { readFileSync } from 'node:fs';
import { BASE62_ID } from './ids.ts';
import type { EmulatorData } from './types.ts';

type Obj = Record<string, unknown>;

const FIELDS = {
  root: ['artists', 'listeners', 'clients', 'lastfm', 'listenbrainz'],
  lastfm: ['name', 'realname', 'top_artists'],
  listenbrainz: ['name', 'token', 'top_artists', 'this_month', 'stats'],
  artist: ['id', 'name', 'genres', 'popularity', 'image'],
  listener: ['id', 'display_name', 'email', 'allowed', 'top_artists'],
  client: ['id', 'redirect_uris'],
};

export class DataFileError extends Error {}

function object(value: unknown, where: string, allowed: string[]): Obj {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new DataFileError(`${where} must be an object`);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new DataFileError(`Unknown field "${key}" in ${where}`);
  }
  return Object.fromEntries(Object.entries(value));
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new DataFileError(`${where} must be an array`);
  return value;
}

function text(o: Obj, key: string, where: string, optional = false): void {
  if (optional && o[key] === undefined) return;
  if (typeof o[key] !== 'string' || o[key] === '')
    throw new DataFileError(`${where}.${key} must be a non-empty string`);
}

function stringList(o: Obj, key: string, where: string): void {
  if (o[key] === undefined) return;
  if (!list(o[key], `${where}.${key}`).every((s) => typeof s === 'string'))
    throw new DataFileError(`${where}.${key} must be an array of strings`);
}

/** Checks a data file's shape (README.md, "Data file"); unknown fields are refused by name. */
export function parseData(input: unknown): EmulatorData {
  const root = object(input, 'the data file', FIELDS.root);
  const artistIds = new Set<string>();
  list(root.artists, 'artists').forEach((value, i) => {
    const where = `artists[${i}]`;
    const a = object(value, where, FIELDS.artist);
    text(a, 'id', where);
    text(a, 'name', where);
    text(a, 'image', where, true);
    stringList(a, 'genres', where);
    if (!BASE62_ID.test(String(a.id))) throw new DataFileError(`${where}.id must be a base62 id`);
    if (artistIds.has(String(a.id))) throw new DataFileError(`${where}.id "${a.id}" is used twice`);
    artistIds.add(String(a.id));
    const p = a.popularity;
    if (p !== undefined && !(typeof p === 'number' && Number.isInteger(p) && p >= 0 && p <= 100))
      throw new DataFileError(`${where}.popularity must be an integer 0-100`);
  });
  const listenerIds = new Set<string>();
  list(root.listeners, 'listeners').forEach((value, i) => {
    const where = `listeners[${i}]`;
    const l = object(value, where, FIELDS.listener);
    text(l, 'id', where);
    text(l, 'display_name', where);
    text(l, 'email', where, true);
    if (!/^[\w.-]{1,64}$/.test(String(l.id)))
      throw new DataFileError(`${where}.id must use letters, digits, . _ -`);
    if (listenerIds.has(String(l.id))) throw new DataFileError(`${where}.id "${l.id}" is used twice`);
    listenerIds.add(String(l.id));
    if (l.allowed !== undefined && typeof l.allowed !== 'boolean')
      throw new DataFileError(`${where}.allowed must be a boolean`);
    stringList(l, 'top_artists', where);
    if (l.top_artists === undefined) throw new DataFileError(`${where}.top_artists is required`);
    for (const id of list(l.top_artists, `${where}.top_artists`))
      if (typeof id !== 'string' || !artistIds.has(id))
        throw new DataFileError(`${where}.top_artists names an unknown artist "${String(id)}"`);
  });
  for (const source of ['lastfm', 'listenbrainz'] as const) {
    if (root[source] === undefined) continue;
    const names = new Set<string>();
    list(root[source], source).forEach((value, i) => {
      const where = `${source}[${i}]`;
      const account = object(value, where, FIELDS[source]);
      text(account, 'name', where);
      if (names.has(String(account.name)))
        throw new DataFileError(`${where}.name "${account.name}" is used twice`);
      names.add(String(account.name));
      stringList(account, 'top_artists', where);
      if (account.top_artists === undefined) throw new DataFileError(`${where}.top_artists is required`);
      for (const id of list(account.top_artists, `${where}.top_artists`))
        if (typeof id !== 'string' || !artistIds.has(id))
          throw new DataFileError(`${where}.top_artists names an unknown artist "${String(id)}"`);
      if (source === 'listenbrainz') {
        text(account, 'token', where);
        if (account.stats !== undefined && typeof account.stats !== 'boolean')
          throw new DataFileError(`${where}.stats must be a boolean`);
        const month = account.this_month;
        if (month !== undefined && !(typeof month === 'number' && Number.isInteger(month) && month >= 0))
          throw new DataFileError(`${where}.this_month must be a whole number`);
      } else {
        text(account, 'realname', where, true);
      }
    });
  }
  if (root.clients !== undefined)
    list(root.clients, 'clients').forEach((value, i) => {
      const where = `clients[${i}]`;
      const c = object(value, where, FIELDS.client);
      text(c, 'id', where);
      stringList(c, 'redirect_uris', where);
      for (const uri of c.redirect_uris === undefined
        ? []
        : list(c.redirect_uris, `${where}.redirect_uris`)) {
        if (typeof uri !== 'string') continue;
        if (!URL.canParse(uri)) throw new DataFileError(`${where}.redirect_uris has an invalid URL "${uri}"`);
      }
    });
  // Cast: every field of the file was checked above, field by field, against EmulatorData.
  return root as unknown as EmulatorData;
}

export function loadDataFile(path: string): EmulatorData {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DataFileError(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseData(json);
}
