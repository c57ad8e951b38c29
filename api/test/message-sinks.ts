import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { LOCALHOST_CERTIFICATE, LOCALHOST_PRIVATE_KEY } from './localhost-certificate';

export interface ReceivedMail {
  recipients: string[];
  subject: string;
}

/** A local mail server that accepts everything and keeps what it was given (`smtp://127.0.0.1:<port>`). */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nothing to encrypt, and nodemailer does not insist.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          recipients: session.envelope.rcptTo.map((to) => to.address),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An HTTPS webhook receiver with the tests' localhost certificate (callers must trust it) that
 * answers 204 and records the `X-Formularze-Delivery` of every call.
 */
export async function startWebhookReceiver() {
  const deliveries: string[] = [];
  const server = https.createServer(
    { cert: LOCALHOST_CERTIFICATE, key: LOCALHOST_PRIVATE_KEY },
    (request, response) => {
      deliveries.push(String(request.headers['x-formularze-delivery']));
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/webhook`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
