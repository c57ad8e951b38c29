import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

test('defaults put everything under the repository root', () => {
  const config = loadConfig({});
  assert.equal(config.port, 8080);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.dataDir, path.join(REPO_ROOT, 'data'));
  assert.equal(config.deploymentsDir, path.join(REPO_ROOT, 'deployments'));
  assert.equal(config.mediaDir, path.join(REPO_ROOT, 'media'));
  assert.equal(config.uploadsDir, path.join(REPO_ROOT, 'data', 'uploads'));
  assert.equal(config.shellDist, path.join(REPO_ROOT, 'shell', 'dist'));
  assert.equal(config.logFile, path.join(REPO_ROOT, 'data', 'logs', 'api.log'));
  assert.equal(config.remotesBaseUrl, '/deployments');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.seedDemo, true);
  assert.equal(config.autoLogout, true);
  assert.equal(config.demoPassword, 'Demo@2026x');
  assert.match(config.appVersion, /^\d+\.\d+\.\d+/);
});

test('variables are parsed and relative paths resolved from the repository root', () => {
  const config = loadConfig({
    PORT: '9000',
    DATA_DIR: 'tmp/data',
    MEDIA_DIR: '/srv/formularze/media',
    UPLOADS_DIR: '/srv/formularze/uploads',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/formularze',
    REMOTES_BASE_URL: 'http://cdn.example:9000/',
    SHELL_ORIGIN: 'https://app.example/',
    SEED_DEMO: 'false',
    AUTO_LOGOUT: '0',
    LOG_LEVEL: 'warn',
    HOST: '',
  });
  assert.equal(config.port, 9000);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.dataDir, path.join(REPO_ROOT, 'tmp', 'data'));
  assert.equal(config.mediaDir, '/srv/formularze/media');
  assert.equal(config.uploadsDir, '/srv/formularze/uploads');
  assert.equal(config.logFile, path.join(REPO_ROOT, 'tmp', 'data', 'logs', 'api.log'));
  assert.equal(config.remotesBaseUrl, 'http://cdn.example:9000');
  assert.equal(config.shellOrigin, 'https://app.example');
  assert.equal(config.seedDemo, false);
  assert.equal(config.autoLogout, false);
  assert.equal(config.logLevel, 'warn');
});

test('a wrong value names its variable', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty' }),
    (error: unknown) => error instanceof ConfigError && /PORT/.test(error.message),
  );
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  assert.throws(() => loadConfig({ SEED_DEMO: 'maybe' }), /SEED_DEMO/);
});

test('the outbox is configured by SMTP_URL, MAIL_FROM and PUBLIC_URL', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.smtpUrl, undefined);
  assert.equal(defaults.publicUrl, undefined);
  assert.equal(defaults.mailFrom, 'Formularze <no-reply@localhost>');
  const config = loadConfig({
    SMTP_URL: 'smtp://mailer:secret@mail.example:587',
    MAIL_FROM: 'Przychodnia <noreply@example.pl>',
    PUBLIC_URL: 'https://formularze.example.pl/some/path',
  });
  assert.equal(config.smtpUrl, 'smtp://mailer:secret@mail.example:587');
  assert.equal(config.mailFrom, 'Przychodnia <noreply@example.pl>');
  assert.equal(config.publicUrl, 'https://formularze.example.pl');
  assert.throws(() => loadConfig({ SMTP_URL: 'http://mail.example' }), /SMTP_URL/);
  assert.throws(() => loadConfig({ PUBLIC_URL: 'ftp://x.example' }), /PUBLIC_URL/);
});

test('API_KEY_ENCRYPTION_KEY is a 256-bit hex key; unset leaves the generated one to api-keys/', () => {
  assert.equal(loadConfig({}).apiKeyEncryptionKey, undefined);
  assert.equal(loadConfig({ API_KEY_ENCRYPTION_KEY: 'AB'.repeat(32) }).apiKeyEncryptionKey, 'ab'.repeat(32));
  assert.throws(() => loadConfig({ API_KEY_ENCRYPTION_KEY: 'short' }), ConfigError);
});

test('JOBS_INTERVAL_MS sets the pause between background job rounds, 30 s by default', () => {
  assert.equal(loadConfig({}).jobsIntervalMs, 30_000);
  assert.equal(loadConfig({ JOBS_INTERVAL_MS: '500' }).jobsIntervalMs, 500);
  assert.throws(() => loadConfig({ JOBS_INTERVAL_MS: '0' }), /JOBS_INTERVAL_MS/);
  assert.throws(() => loadConfig({ JOBS_INTERVAL_MS: 'often' }), /JOBS_INTERVAL_MS/);
});

test('TRUST_PROXY: off by default; all proxies or the proxies’ addresses', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy, [
    '10.0.0.1',
    '192.168.0.0/16',
  ]);
});

test('WEBHOOK_INTERNAL_NETWORKS lists the networks an internal webhook receiver may be in', () => {
  assert.deepEqual(loadConfig({}).webhookInternalNetworks, []);
  assert.deepEqual(
    loadConfig({ WEBHOOK_INTERNAL_NETWORKS: '10.20.0.0/16, fd00::/8' }).webhookInternalNetworks,
    ['10.20.0.0/16', 'fd00::/8'],
  );
  assert.throws(() => loadConfig({ WEBHOOK_INTERNAL_NETWORKS: '10.0.0.1' }), /WEBHOOK_INTERNAL_NETWORKS/);
});

test("DATABASE_POOL_SIZE sets each PostgreSQL pool's connections; unset leaves db/'s default", () => {
  assert.equal(loadConfig({}).databasePoolSize, undefined);
  assert.equal(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize, 8);
  assert.throws(() => loadConfig({ DATABASE_POOL_SIZE: '0' }), /DATABASE_POOL_SIZE/);
  assert.throws(() => loadConfig({ DATABASE_POOL_SIZE: 'many' }), /DATABASE_POOL_SIZE/);
});
