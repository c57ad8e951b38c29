import nodemailer from 'nodemailer';
import type { OutgoingMessage } from './outbox-repository';

/** `sent`: handed to a provider; `not-sent`: no way to send it, it waits for the operator. */
export type DeliveryResult = 'sent' | 'not-sent';

export interface MessageTransport {
  /** Throws when a provider refused or failed: the worker tries again later. */
  send(message: OutgoingMessage & { id: number }): Promise<DeliveryResult>;
}

export interface DeliveryLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Mail through `smtpUrl` when it is set. Without it, and for SMS (no provider yet), the message
 * stays in the outbox, where the super-admin panel's outbox viewer shows it to the operator; the
 * log only says that it waits, never what it says (its link would sign someone in, and logs are
 * downloaded and kept). Such a message is never marked sent.
 */
export function createTransport({
  smtpUrl,
  mailFrom,
  logger,
}: {
  smtpUrl: string | undefined;
  mailFrom: string;
  logger: DeliveryLogger;
}): MessageTransport {
  const mailer = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      if (message.channel === 'mail' && mailer) {
        await mailer.sendMail({
          from: mailFrom,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        return 'sent';
      }
      logger.info(
        { outboxId: message.id, channel: message.channel, subject: message.subject },
        `outbox: no ${message.channel === 'mail' ? 'SMTP_URL' : 'SMS provider'} configured, message not sent: it waits in the outbox viewer of the super-admin panel`,
      );
      return 'not-sent';
    },
  };
}
