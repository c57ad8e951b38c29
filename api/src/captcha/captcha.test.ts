import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { mock, test } from 'node:test';
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ConfigError, loadConfig } from '../core/config';
import { setupDatabaseAndApp, testConfig } from '../../test/helpers';
import { CAPTCHA_KEY_FILE, resolveCaptchaKey } from './captcha-key';
import { CAPTCHA_TTL_MS, createCaptchaService } from './captcha-service';
import { EASY_CAPTCHA, solvedPayload } from '../../test/captcha-support';

const { db, app } = await setupDatabaseAndApp({ captchaHmacKey: 'k'.repeat(40) });
const captcha = await createCaptchaService({ db, hmacKey: 'k'.repeat(40), difficulty: EASY_CAPTCHA });

const INVALID = { statusCode: 400, code: 'captcha-invalid', message: 'Nieprawidłowa weryfikacja captcha.' };

async function expectInvalid(payload: string) {
  await assert.rejects(captcha.verify(payload), INVALID);
}

test('CAPTCHA_HMAC_KEY is read from the environment and must be long enough to be a secret', () => {
  assert.equal(loadConfig({ CAPTCHA_HMAC_KEY: 'x'.repeat(32) }).captchaHmacKey, 'x'.repeat(32));
  assert.equal(loadConfig({}).captchaHmacKey, undefined);
  assert.throws(() => loadConfig({ CAPTCHA_HMAC_KEY: 'short' }), ConfigError);
});

test('without a configured key, one random key is generated, kept private in the data folder and reused', async () => {
  const config = await testConfig();
  const first = await resolveCaptchaKey({ captchaHmacKey: undefined, dataDir: config.dataDir });
  const second = await resolveCaptchaKey({ captchaHmacKey: undefined, dataDir: config.dataDir });
  assert.match(first, /^[0-9a-f]{64}$/);
  assert.equal(second, first);
  assert.equal((await stat(path.join(config.dataDir, CAPTCHA_KEY_FILE))).mode & 0o777, 0o600);
  assert.equal(
    await resolveCaptchaKey({ captchaHmacKey: 'y'.repeat(32), dataDir: config.dataDir }),
    'y'.repeat(32),
  );
});

test('GET /api/captcha/challenge hands out a fresh signed challenge that expires within minutes', async () => {
  const response = await app.inject({ url: '/api/captcha/challenge' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['cache-control'], 'no-store');
  const challenge = response.json<Challenge>();
  assert.equal(challenge.parameters.algorithm, 'PBKDF2/SHA-256');
  assert.ok(challenge.signature);
  const expiresInMs = challenge.parameters.expiresAt! * 1000 - Date.now();
  assert.ok(expiresInMs > 0 && expiresInMs <= CAPTCHA_TTL_MS, `expires in ${expiresInMs} ms`);
  const again = (await app.inject({ url: '/api/captcha/challenge' })).json<Challenge>();
  assert.notEqual(again.parameters.nonce, challenge.parameters.nonce);
});

test('a solved challenge verifies once; the same solution again is a replay', async () => {
  const payload = await solvedPayload(await captcha.createChallenge());
  await captcha.verify(payload);
  await expectInvalid(payload);
  assert.equal((await db.selectFrom('captcha_solutions').selectAll().execute()).length, 1);
});

test('garbage, a wrong solution and a challenge signed with another key are refused', async () => {
  await expectInvalid('not base64 json');
  await expectInvalid(Buffer.from('{"challenge":{}}').toString('base64'));
  const payload = JSON.parse(
    Buffer.from(await solvedPayload(await captcha.createChallenge()), 'base64').toString(),
  );
  payload.solution.derivedKey = '00'.repeat(32);
  await expectInvalid(Buffer.from(JSON.stringify(payload)).toString('base64'));

  const foreign = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    deriveKey,
    expiresAt: new Date(Date.now() + 60_000),
    hmacSignatureSecret: 'someone-else'.repeat(4),
  });
  await expectInvalid(await solvedPayload(foreign));
});

test('an expired challenge is refused even when solved correctly', async (t) => {
  const payload = await solvedPayload(await captcha.createChallenge());
  t.after(() => mock.timers.reset());
  mock.timers.enable({ apis: ['Date'], now: Date.now() + CAPTCHA_TTL_MS + 1000 });
  await expectInvalid(payload);
});

test('spent solutions are forgotten once their challenge has expired', async () => {
  await db
    .insertInto('captcha_solutions')
    .values({ challenge_id: 'old', expires_at: new Date(Date.now() - 1000) })
    .execute();
  await captcha.verify(await solvedPayload(await captcha.createChallenge()));
  const ids = (await db.selectFrom('captcha_solutions').select('challenge_id').execute()).map(
    (row) => row.challenge_id,
  );
  assert.ok(!ids.includes('old'));
});
