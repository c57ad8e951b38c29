// Sessions of the demo people as many browsers would hold them, one per load-generator connection:
// a single shared token would make every request of the benchmark update one and the same session
// row (its last_seen_at), which no real crowd of users does. Each login comes from its own client
// address (X-Forwarded-For, trusted from 127.0.0.1 as behind nginx: TRUST_PROXY), so the
// per-address rate limit of the login routes lets them all in.
import { toPatientLoginBody } from '@formularze/domain/schemas/auth';
import { DEMO, DEMO_PASSWORD } from '../../e2e/src/session.ts';

const LOGINS_AT_ONCE = 4;

async function login(baseUrl: string, who: 'patient' | 'owner', address: string): Promise<string> {
  const [path, body] =
    who === 'patient'
      ? ['/api/auth/login', toPatientLoginBody({ login: DEMO.patient.login, password: DEMO_PASSWORD })]
      : ['/employees/v1/login', { email: DEMO.owner.login, password: DEMO_PASSWORD }];
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${who} login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function demoSessions(
  baseUrl: string,
  who: 'patient' | 'owner',
  count: number,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let first = 0; first < count; first += LOGINS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(LOGINS_AT_ONCE, count - first) }, (_, index) =>
      login(baseUrl, who, `10.20.${who === 'patient' ? 1 : 2}.${first + index + 1}`),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}
