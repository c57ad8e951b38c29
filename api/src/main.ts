// The API server (started by server.ts, once tracing is set up if asked for).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { seedDemo } from './accounts/seed';
import { buildApp } from './app';
import { systemClock } from './core/clock';
import { ConfigError, listenRefusal, loadConfig } from './core/config';
import { openDatabases } from './db/database';
import { migrateToLatest } from './db/migrate';
import { startBackgroundJobs } from './jobs/runner';
import { createLogger } from './logs/logger';
import { startOutboxDelivery } from './outbox/delivery';
import { unsharedSecrets } from './core/unshared-settings';
import { createTransport } from './outbox/transports';
import { openingSealedBodies } from './outbox/sealed-bodies';
import { resolveApiKeyEncryptionKey } from './core/encryption-key';
import { createTokenCipher } from './core/token-cipher';
import { sealClearWebhookSecrets } from './jobs/webhook-secrets';
import { isProcessAlive, readServerInfo, removeServerInfo, writeServerInfo } from './operator/server-info';

/** How soon a process that lost its database stops taking requests, and takes them again once back. */
const READINESS_INTERVAL_MS = 2_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const refusal = listenRefusal(config);
  if (refusal) throw new ConfigError(refusal);
  await mkdir(config.dataDir, { recursive: true });
  await mkdir(config.deploymentsDir, { recursive: true });

  // PGlite's files must never be opened by two processes; the server.json of a live server says one is running.
  const running = await readServerInfo(config.dataDir);
  if (running && running.pid !== process.pid && isProcessAlive(running.pid)) {
    console.error(
      `Another server (pid ${running.pid}, port ${running.port}) already uses ${config.dataDir}.`,
    );
    process.exitCode = 1;
    return;
  }

  const logger = createLogger(config);
  const unshared = unsharedSecrets(config);
  if (unshared.length) {
    logger.warn(
      { variables: unshared },
      'several API processes on this database need these set to the same value in each (their defaults are per data folder)',
    );
  }
  if (config.databaseUrl && !config.appDatabaseUrl) {
    logger.warn(
      'APP_DATABASE_URL is not set: the API reaches formularze_app by SET ROLE on the owner login, which SQL it runs could undo (README: PostgreSQL)',
    );
  }
  // Migrations and the seed as the tables' owner; everything after as formularze_app, under
  // row-level security in each request's tenant scope.
  const databases = await openDatabases(config);
  const applied = await migrateToLatest(databases.owner);
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  if (config.seedDemo && (await seedDemo(databases.owner, { password: config.demoPassword })).created) {
    logger.info('demo organization and accounts created (password: DEMO_PASSWORD)');
  }
  const db = databases.app;
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const sealedSecrets = await sealClearWebhookSecrets(databases.owner, cipher);
  if (sealedSecrets) logger.info({ organizations: sealedSecrets }, 'webhook secrets sealed');

  const token = randomBytes(32).toString('hex');
  const app = await buildApp({
    db,
    config,
    logger,
    operatorToken: token,
    readinessIntervalMs: READINESS_INTERVAL_MS,
  });
  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  await writeServerInfo(config.dataDir, {
    pid: process.pid,
    port,
    token,
    startedAt: new Date().toISOString(),
  });
  logger.info(`Formularze is running at http://localhost:${port}`);
  // Mail and SMS to users leave through the outbox; every API process runs a worker (they never
  // send one message twice: FOR UPDATE SKIP LOCKED).
  const stopDelivery = startOutboxDelivery(db, {
    transport: openingSealedBodies(
      createTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, logger }),
      cipher,
    ),
    clock: systemClock,
    logger,
  });
  // MISSED slots, fill reminders, webhook calls, the audit trail's chaining and archiving; safe in
  // every process (claimed rows, unique keys, one chainer at a time).
  const stopJobs = startBackgroundJobs(db, {
    clock: systemClock,
    logger,
    intervalMs: config.jobsIntervalMs,
    webhooks: { internalNetworks: config.webhookInternalNetworks, cipher },
    auditRetentionYears: config.auditRetentionYears,
    onRound: app.metrics.jobRound,
  });

  const shutdown = async (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    await removeServerInfo(config.dataDir);
    await stopJobs();
    await stopDelivery();
    await app.close();
    await databases.destroy();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, (received) =>
      shutdown(received).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'unclean shutdown');
          process.exit(1);
        },
      ),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
