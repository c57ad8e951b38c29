import { apiCall } from './api.js';
import { DEMO, DEMO_PASSWORD } from './session.js';

interface HeldMessage {
  recipient: string;
  body: string | null;
}

/** What the super-admin panel's outbox viewer lists now, read as the operator reads it. */
export async function heldMessages(baseUrl: string): Promise<HeldMessage[]> {
  const login = await fetch(`${baseUrl}/api/auth/login-owner`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin.login, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const { messages } = await apiCall<{ messages: HeldMessage[] }>(baseUrl, token, 'GET', '/api/admin/outbox');
  return messages;
}

/**
 * The set-password link the outbox holds for `recipient` (an e-mail or an international phone).
 * Without SMTP_URL (and for SMS) a message is never sent and never logged: the super-admin panel's
 * outbox viewer shows it to the operator, so the test reads it there, as the operator would.
 */
export async function resetLinkFromOutbox(baseUrl: string, recipient: string): Promise<URL> {
  // The delivery worker marks a message held within a round (2 s) of its being queued.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const messages = await heldMessages(baseUrl);
    const body = messages.find((message) => message.recipient === recipient && message.body)?.body ?? '';
    const link = /https?:\/\/\S+\/password-reset-link\?\S+/.exec(body)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset link for ${recipient} in the outbox`);
}
