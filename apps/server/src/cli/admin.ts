/**
 * `npm run admin -- promote EMAIL`: makes an existing account an admin, on the database the
 * settings name (the same as the server's: DATABASE_URL, or the embedded one in DATA_DIR).
 */
import fs from 'node:fs';
import { migrateDatabase, openDatabase } from '../db/client';
import { promoteAdmin } from '../domain/roles';
import { EnvError, loadEnv } from '../env';
import { AppError } from '../lib/errors';

const USAGE = 'Usage : npm run admin -- promote EMAIL';

const say = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 1): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

async function main(args: string[]) {
  const [command, email, ...rest] = args;
  if (command !== 'promote' || email === undefined || rest.length > 0) fail(USAGE, 2);

  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolMax: 1,
      pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The embedded database takes one process at a time (see db/client.ts).
    if (/in use by process/.test(message)) {
      fail(
        `${message}\nLa base intégrée est utilisée par le serveur : arrêtez-le, relancez cette commande, puis redémarrez-le` +
          ' (ou ajoutez l’email à ADMIN_EMAILS et redémarrez).',
      );
    }
    throw error;
  }
  try {
    await migrateDatabase(database);
    const promoted = await promoteAdmin(database.db, email as string);
    say(`${promoted.email} est maintenant admin.`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Not process.exit: the database must be closed first (the embedded one writes on close).
    process.stderr.write(`Erreur : ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
