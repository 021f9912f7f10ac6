import { join } from 'node:path';
import { migrate, openDatabase } from '@trellis/db';
import { bootstrapAdmin, type BootstrappedAdmin } from './accounts/bootstrap-admin';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

/** Start-up: configuration, database, migrations, first admin, HTTP; then wait for a signal. */
async function main(): Promise<void> {
  const config = loadOrExit();
  const db = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await migrate(db);
  const admin = await bootstrapAdmin(db, config.admin);
  const { app } = await buildApp({ db, config, logger: { level: config.logLevel } });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    await app.close();
    await db.close();
    app.log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.http.host, port: config.http.port });
  printWelcome(config, db.kind, admin);
}

function loadOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function printWelcome(
  config: Config,
  databaseKind: string,
  admin: BootstrappedAdmin | undefined,
): void {
  const lines = [
    '',
    `  Trellis is running: ${config.publicUrl}`,
    `  database: ${databaseKind === 'pglite' ? `embedded (${join(config.dataDir, 'pgdata')})` : 'PostgreSQL'}`,
  ];
  if (admin) {
    lines.push(`  sign in at ${config.publicUrl}/auth/login as ${admin.email}`);
    if (admin.generatedPassword) {
      lines.push(`  password: ${admin.password}   (generated once: it is not shown again)`);
    }
  } else {
    lines.push(`  sign in at ${config.publicUrl}/auth/login`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Trellis failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
