import type { ResetRole } from '../db/schema';
import { messageTo, type MessageRecipient, type OutgoingMessage } from '../outbox/outbox-repository';

/** The link of a reset e-mail or SMS: the page that checks it and leads on to setting the password. */
export function resetLinkUrl(origin: string, token: string, role: ResetRole): string {
  const url = new URL('/password-reset-link', origin);
  url.searchParams.set('token', token);
  url.searchParams.set('role', role);
  return url.toString();
}

/** The Polish message with the link, by e-mail or (for patients known by phone) by SMS. */
export function resetMessage(recipient: MessageRecipient, link: string): OutgoingMessage {
  return messageTo(recipient, {
    sms: {
      subject: 'Zmiana hasła',
      body: `Formularze: link do ustawienia nowego hasła (ważny 24 godziny): ${link}`,
    },
    mail: {
      subject: 'Zmiana hasła w serwisie Formularze',
      body: [
        'Dzień dobry,',
        '',
        'otrzymaliśmy prośbę o zmianę hasła do Twojego konta w serwisie Formularze.',
        'Aby ustawić nowe hasło, otwórz poniższy link (jest ważny 24 godziny i działa jeden raz):',
        '',
        link,
        '',
        'Jeśli to nie Ty prosisz o zmianę hasła, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
      ].join('\n'),
    },
  });
}
