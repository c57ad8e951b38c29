import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaDifficulty } from '../src/captcha/captcha-service';

/** A proof of work a test solves in milliseconds; the checks are the same as in production. */
export const EASY_CAPTCHA: CaptchaDifficulty = { cost: 1, minCounter: 1, maxCounter: 50 };

/** What the browser's widget does: fetch a challenge, solve it, and encode the payload it submits. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.body}`);
  return solvedPayload(response.json<Challenge>());
}

export async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the test could not solve the captcha');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
