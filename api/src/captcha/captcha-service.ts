import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import type { CaptchaChallenge } from '@formularze/domain/schemas/registration';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';

/** How long a challenge can be solved and submitted: enough to fill the form after solving. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/**
 * The proof of work a browser does: derive PBKDF2 keys (`cost` iterations each) for counters
 * 0, 1, 2… until the one the server picked in [`minCounter`, `maxCounter`]. The default is about
 * a second in a browser and trivial for the server, which derives a single key to verify.
 */
export interface CaptchaDifficulty {
  cost: number;
  minCounter: number;
  maxCounter: number;
}

export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = {
  cost: 1_000,
  minCounter: 1_000,
  maxCounter: 4_000,
};

export const captchaInvalid = () =>
  new AppError(400, 'Nieprawidłowa weryfikacja captcha.', 'captcha-invalid');

/** What the widget sends: base64 of `{ challenge, solution }`. Only the fields the check reads. */
const widgetPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({ nonce: z.string().min(1).max(200), expiresAt: z.number() }),
    signature: z.string(),
  }),
  solution: z.looseObject({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(1_000) }),
});

function decodePayload(payload: string) {
  try {
    return widgetPayload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

export interface CaptchaService {
  createChallenge(): Promise<CaptchaChallenge>;
  /** Throws `captcha-invalid` unless `payload` solves an unexpired challenge of ours, for the first time. */
  verify(payload: string): Promise<void>;
}

/**
 * Self-hosted ALTCHA: challenges are signed with the HMAC key and carry their expiry, so the
 * server keeps no state for them; only spent solutions are stored (captcha_solutions), until
 * their challenge expires, so each solution buys exactly one registration.
 */
export async function createCaptchaService({
  db,
  hmacKey,
  difficulty = DEFAULT_CAPTCHA_DIFFICULTY,
}: {
  db: Kysely<Database>;
  hmacKey: string;
  difficulty?: CaptchaDifficulty;
}): Promise<CaptchaService> {
  // Signs the derived key of each challenge (deterministic mode); derived, so one secret is configured.
  const hmacKeySignatureSecret = createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');
  const secrets = { hmacSignatureSecret: hmacKey, hmacKeySignatureSecret };

  async function spend(challengeId: string, expiresAtSeconds: number): Promise<boolean> {
    await db.deleteFrom('captcha_solutions').where('expires_at', '<', new Date()).execute();
    const inserted = await db
      .insertInto('captcha_solutions')
      .values({ challenge_id: challengeId, expires_at: new Date(expiresAtSeconds * 1000) })
      .onConflict((oc) => oc.column('challenge_id').doNothing())
      .returning('challenge_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  return {
    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: difficulty.cost,
        counter: randomInt(difficulty.maxCounter, difficulty.minCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
        ...secrets,
      });
      return { ...challenge, parameters: { ...challenge.parameters } };
    },

    async verify(payload) {
      const decoded = decodePayload(payload);
      if (!decoded) throw captchaInvalid();
      const { challenge, solution } = decoded;
      const result = await verifySolution({
        // The shape is checked above; the signature check below vouches for every value.
        challenge: challenge as unknown as Challenge,
        solution: { counter: solution.counter, derivedKey: solution.derivedKey },
        deriveKey,
        ...secrets,
      }).catch(() => null);
      // The signature covers the nonce and the expiry, so both can be trusted from here on.
      if (!result?.verified) throw captchaInvalid();
      if (!(await spend(challenge.parameters.nonce, challenge.parameters.expiresAt))) throw captchaInvalid();
    },
  };
}
