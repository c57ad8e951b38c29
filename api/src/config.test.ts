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
