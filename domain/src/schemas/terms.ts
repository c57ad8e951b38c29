import * as z from 'zod/mini';
import { termsDocument } from './persons';

/**
 * Terms of service of an organization: managed by its owner on `/terms`
 * (`GET/POST /api/organizations/terms`, `DELETE /api/organizations/terms/{id}`), accepted and
 * revoked by its patients on `/profile` (current and future terms). `termsDocument` itself stays
 * in `@formularze/domain/schemas`, as the shell's terms dialog needs it on every page.
 */

/** The day a document comes into force is a day in Poland, whatever the browser's time zone. */
export const TERMS_TIME_ZONE = 'Europe/Warsaw';

/** Largest PDF an owner may upload. */
export const TERMS_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const TERMS_NAME_MAX_LENGTH = 200;

/** `GET /api/organizations/terms`: every document of the organization; `used` when someone accepted it. */
export const managedTerms = z.extend(termsDocument, { used: z.boolean() });
export type ManagedTerms = z.infer<typeof managedTerms>;
export const managedTermsList = z.array(managedTerms);

/** `GET /api/organizations/terms/future`: documents not in force yet, and whether the caller accepted each. */
export const futureTerms = z.extend(termsDocument, { accepted: z.boolean() });
export type FutureTerms = z.infer<typeof futureTerms>;
export const futureTermsList = z.array(futureTerms);

/** `GET /api/organizations/terms/accepted`: the caller's live (not revoked) acceptances. */
export const termsAcceptance = z.object({
  terms: termsDocument,
  /** ISO timestamp. */
  acceptedAt: z.string(),
  revokedAt: z.nullable(z.string()),
});
export type TermsAcceptance = z.infer<typeof termsAcceptance>;
export const termsAcceptanceList = z.array(termsAcceptance);

const REQUIRED = 'To pole jest wymagane';

/**
 * The text fields of `POST /api/organizations/terms` (multipart, next to the `termFile` PDF).
 * `activeSince` is a calendar day (YYYY-MM-DD) in Poland; the document is in force from its start.
 * `active` exists for the specification's payload: terms come into force by date and leave by
 * removal, so there is no inactive live document and only `true` is accepted.
 */
export const addTermsFields = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, REQUIRED),
      z.maxLength(TERMS_NAME_MAX_LENGTH, `Nazwa może mieć najwyżej ${TERMS_NAME_MAX_LENGTH} znaków.`),
    ),
  activeSince: z.iso.date('Podaj datę rozpoczęcia obowiązywania regulaminu.'),
  active: z.optional(z.literal('true', 'Nowy regulamin jest zawsze aktywny (active=true).')),
});
export type AddTermsFields = z.infer<typeof addTermsFields>;

export const TERMS_PDF_MESSAGE = 'Plik regulaminu musi być dokumentem PDF.';
export const TERMS_FILE_REQUIRED_MESSAGE = 'Wybierz plik PDF regulaminu.';
export const TERMS_FILE_TOO_LARGE_MESSAGE = `Plik jest za duży (maksymalnie ${TERMS_FILE_MAX_BYTES / 1024 / 1024} MB).`;

/**
 * Every refusal of the terms calls, by code: the API sends these messages and the pages show them.
 * `not-found` (404) is an unknown document, or one of another organization.
 */
export const TERMS_ERROR_MESSAGES = {
  'terms-date-conflict':
    'Istnieje już regulamin rozpoczynający się od tej daty. Zmień datę rozpoczęcia obowiązywania regulaminu lub usuń istniejący regulamin.',
  'cant-remove-used-terms': 'Błąd usuwania regulaminu, ktoś już zaakceptował ten regulamin.',
  'terms-already-accepted': 'Ten regulamin został już zaakceptowany.',
  'missing-or-not-current': 'Regulamin nie istnieje lub nie jest aktualny.',
  'selected-terms-are-not-current': 'Wybrany regulamin nie jest aktualnym regulaminem.',
  'missing-or-not-future': 'Organizacja nie ma regulaminu, który wejdzie w życie w przyszłości.',
  'selected-terms-are-not-future': 'Wybrany regulamin nie jest regulaminem przyszłym.',
  'terms-already-revoked': 'Akceptacja tego regulaminu została już wycofana.',
  'terms-were-never-accepted': 'Ten regulamin nie był zaakceptowany.',
  'not-found': 'Nie znaleziono regulaminu.',
} as const;
export type TermsErrorCode = keyof typeof TERMS_ERROR_MESSAGES;

/** The terms' Polish message for an API error code, or `null` for a code the terms calls never send. */
export function termsErrorMessage(code: string | undefined): string | null {
  return code && Object.hasOwn(TERMS_ERROR_MESSAGES, code)
    ? TERMS_ERROR_MESSAGES[code as TermsErrorCode]
    : null;
}

/** How long the terms pages' alerts stay (the specification's 4 s). */
export const TERMS_ALERT_TIMEOUT_MS = 4000;
