import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The set-password link the outbox logged for `recipient` (an e-mail or an international phone).
 * Without SMTP_URL the outbox writes each message, with its link, to the server log at info level,
 * so the product must run with `LOG_LEVEL: 'info'`; pino-roll numbers the files: api.1.log…
 */
export async function resetLinkFromLog(dataDir: string, recipient: string): Promise<URL> {
  const logs = path.join(dataDir, 'logs');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = await readdir(logs).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.log'))) {
      for (const line of (await readFile(path.join(logs, name), 'utf8')).split('\n')) {
        if (!line.includes('"outboxId"') || !line.includes(recipient)) continue;
        const { body } = JSON.parse(line) as { body: string };
        const link = /https?:\/\/\S+\/password-reset-link\?\S+/.exec(body)?.[0];
        if (link) return new URL(link);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset link for ${recipient} in ${logs}`);
}
