/**
 * Derives JSON Schemas of the Web API's response bodies from Spotify's OpenAPI definition and writes
 * them to src/generated/response-schemas.json, structure only (no prose, no examples), so the
 * conformance tests need nothing outside the repository. Re-run when the definition changes:
 *   npx tsx packages/emulator/scripts/derive-schemas.ts [path/to/fixed-spotify-open-api.yml]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

type Json = unknown;
type Obj = Record<string, Json>;

// Spotify's Web API as OpenAPI (fixed-spotify-open-api.yml of the sonallux/spotify-web-api project).
const source = process.argv[2] ?? process.env.SPOTIFY_OPENAPI;
if (!source) {
  console.error('Give the path of the Spotify OpenAPI file as the argument or in SPOTIFY_OPENAPI.');
  process.exit(2);
}
const target = fileURLToPath(new URL('../src/generated/response-schemas.json', import.meta.url));

const PROSE = new Set([
  'description',
  'summary',
  'example',
  'examples',
  'externalDocs',
  'title',
  'discriminator',
]);

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Drops prose and vendor keys; names inside `properties` are data, not keywords, so they stay. */
function strip(value: Json, inProperties = false): Json {
  if (Array.isArray(value)) return value.map((v) => strip(v));
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [key, child] of Object.entries(value)) {
    if (!inProperties && (PROSE.has(key) || key.startsWith('x-'))) continue;
    out[key] = strip(child, !inProperties && key === 'properties');
  }
  return out;
}

const spec = parse(readFileSync(source, 'utf8')) as Obj;
const components = spec.components as Obj;
const responses = components.responses as Obj;
const operations: Obj = {};

for (const [path, item] of Object.entries(spec.paths as Obj)) {
  for (const [method, op] of Object.entries(item as Obj)) {
    if (!isObj(op) || typeof op.operationId !== 'string') continue;
    const statuses: Obj = {};
    for (const [status, response] of Object.entries((op.responses ?? {}) as Obj)) {
      let resolved = response as Obj;
      const ref = resolved.$ref;
      if (typeof ref === 'string') resolved = responses[ref.split('/').pop() ?? ''] as Obj;
      const schema = (((resolved?.content as Obj | undefined)?.['application/json'] as Obj | undefined)
        ?.schema ?? null) as Json;
      statuses[status] = strip(schema);
    }
    operations[`${method.toUpperCase()} ${path}`] = { operationId: op.operationId, responses: statuses };
  }
}

const out = { $id: 'spotify-responses', operations, components: { schemas: strip(components.schemas) } };
writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
console.log(`Wrote ${Object.keys(operations).length} operations to ${target}`);
