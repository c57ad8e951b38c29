import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unsharedSecrets } from './unshared-settings';

const url = 'postgres://postgres@127.0.0.1:5432/formularze';

test('on a PostgreSQL server, the secrets left to per-folder random keys are named', () => {
  assert.deepEqual(
    unsharedSecrets({ databaseUrl: url, captchaHmacKey: undefined, apiKeyEncryptionKey: undefined }),
    ['CAPTCHA_HMAC_KEY', 'API_KEY_ENCRYPTION_KEY'],
  );
  assert.deepEqual(
    unsharedSecrets({ databaseUrl: url, captchaHmacKey: 'k'.repeat(32), apiKeyEncryptionKey: undefined }),
    ['API_KEY_ENCRYPTION_KEY'],
  );
  assert.deepEqual(
    unsharedSecrets({
      databaseUrl: url,
      captchaHmacKey: 'k'.repeat(32),
      apiKeyEncryptionKey: 'a'.repeat(64),
    }),
    [],
  );
});

test('on PGlite (one process) nothing needs sharing', () => {
  assert.deepEqual(
    unsharedSecrets({ databaseUrl: undefined, captchaHmacKey: undefined, apiKeyEncryptionKey: undefined }),
    [],
  );
});
