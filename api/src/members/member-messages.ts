import type { Kysely, Transaction } from 'kysely';
import { isPatient } from '../accounts/effective-authorities';
import type { Clock } from '../core/clock';
import { createResetToken } from '../auth/password-resets';
import { resetLinkUrl, resetMessage } from '../auth/recovery-messages';
import type { Database } from '../db/schema';
import type { TokenCipher } from '../core/token-cipher';
import {
  enqueueMessage,
  messageTo,
  type MessageRecipient,
  type OutgoingMessage,
} from '../outbox/outbox-repository';
import { sealed } from '../outbox/sealed-bodies';

type Db = Kysely<Database> | Transaction<Database>;

/** A member is written to where they sign in: by e-mail, or by SMS for a patient known by phone only. */
function recipientOf(member: { email: string | null; phone: string | null }) {
  return member.email ? { email: member.email } : { phone: member.phone ?? '' };
}

function welcomeMessage(
  recipient: MessageRecipient,
  organizationName: string,
  link: string,
): OutgoingMessage {
  return messageTo(recipient, {
    sms: {
      subject: 'Konto w serwisie Formularze',
      body: `Formularze: ${organizationName} założyła Ci konto. Ustaw hasło (link ważny 24 godziny): ${link}`,
    },
    mail: {
      subject: 'Witamy w serwisie Formularze',
      body: [
        'Dzień dobry,',
        '',
        `organizacja ${organizationName} założyła Ci konto w serwisie Formularze.`,
        'Aby zacząć z niego korzystać, ustaw hasło, otwierając poniższy link (jest ważny 24 godziny i działa jeden raz):',
        '',
        link,
        '',
        'Jeśli link wygaśnie, poproś organizację o ponowne wysłanie wiadomości powitalnej.',
      ].join('\n'),
    },
  });
}

export interface MessageTarget {
  userId: number;
  email: string | null;
  phone: string | null;
  authorities: string;
}

/**
 * A set-password link of the member's door (patients `/login`, staff `/login-employee`), the same
 * single-use, 24-hour token as password recovery.
 */
async function setPasswordLink(db: Db, target: MessageTarget, origin: string, clock: Clock) {
  const role = isPatient(target.authorities) ? 'user' : 'employee';
  const { token } = await createResetToken(db, { userId: target.userId, role, clock });
  return resetLinkUrl(origin, token, role);
}

/** The welcome message of a member the organization added: who added them and how to set a password. */
export async function enqueueWelcome(
  db: Db,
  target: MessageTarget,
  {
    organizationName,
    origin,
    clock,
    cipher,
  }: { organizationName: string; origin: string; clock: Clock; cipher: TokenCipher },
): Promise<void> {
  const link = await setPasswordLink(db, target, origin, clock);
  await enqueueMessage(db, sealed(cipher, welcomeMessage(recipientOf(target), organizationName, link)));
}

/** The recovery message, sent on the owner's request instead of the patient's. */
export async function enqueuePasswordReset(
  db: Db,
  target: MessageTarget,
  { origin, clock, cipher }: { origin: string; clock: Clock; cipher: TokenCipher },
): Promise<void> {
  const link = await setPasswordLink(db, target, origin, clock);
  await enqueueMessage(db, sealed(cipher, resetMessage(recipientOf(target), link)));
}
