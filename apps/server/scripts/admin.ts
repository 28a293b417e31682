// `npm run admin -w apps/server -- restore-operator <name>`: the way back into a console nobody can sign
// in to (docs/operator.md, "Locked out"), run by someone with access to the server and its database. It
// reads the server's own environment (DATABASE_URL, or DATA_DIR for the embedded database, which must not
// be open: stop the server first), makes the named operator active with a new token, and prints the token
// once.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { hash } from '../src/admin/auth.ts';
import { restoreOperator } from '../src/admin/operators.ts';
import { openDatabase } from '../src/db/client.ts';
import { readEnv } from '../src/env.ts';

const USAGE = 'usage: npm run admin -w apps/server -- restore-operator <name>';

async function main(args: string[]): Promise<number> {
  const [command, ...words] = args;
  const name = words.join(' ');
  if (command !== 'restore-operator' || !name) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  // npm runs a workspace's script in its folder: a relative DATA_DIR means where the command was typed,
  // as it does for the server started from there.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  try {
    const token = randomBytes(32).toString('base64url');
    const row = await restoreOperator(database.db, name, hash(token));
    console.error(`Operator "${row.name}" is active. Their token, shown this once:`);
    console.log(token);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
