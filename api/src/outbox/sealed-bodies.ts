import type { TokenCipher } from '../core/token-cipher';
import type { OutgoingMessage } from './outbox-repository';
import type { MessageTransport } from './transports';

/**
 * Messages that carry a credential (a set-password link) wait in the outbox encrypted with the
 * server's key (the API keys' one, `api-key-encryption.key`), so a copy of the database holds no
 * usable link; the worker opens them just before handing them to a transport.
 */
/** The message with its body encrypted. */
export function sealed(cipher: TokenCipher, message: OutgoingMessage): OutgoingMessage {
  return { ...message, body: cipher.encrypt(message.body), sealed: true };
}

/** A stored body as it was written: sealed bodies decrypted, others as they are. */
export function openedBody(
  cipher: TokenCipher,
  { body, sealed }: Pick<OutgoingMessage, 'body' | 'sealed'>,
): string {
  return sealed ? cipher.decrypt(body) : body;
}

/** `transport`, given every message with its body opened (and no longer marked sealed). */
export function openingSealedBodies(transport: MessageTransport, cipher: TokenCipher): MessageTransport {
  return {
    send: (message) => transport.send({ ...message, body: openedBody(cipher, message), sealed: false }),
  };
}
