import type { Kysely } from 'kysely';
import {
  REGISTRATION_EMAIL_PATTERN,
  type JoinOrganizationBody,
  type RegisterOrganizationBody,
} from '@formularze/domain/schemas/registration';
import { hashPassword } from '../accounts/passwords';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { orgCodeMatches } from './org-code';
import type { RegistrationEvents } from './registration-events';
import {
  emailTaken,
  findJoinableOrganization,
  organizationNameTaken,
  uniqueViolation,
} from './registration-repository';

/** Codes are the specification's (§8 Registration): the form maps them to its messages. */
const invalidEmail = () =>
  new AppError(409, 'Błąd rejestracji, niepoprawny format adresu email.', 'Invalid email address');
const ownerEmailTaken = () => new AppError(409, 'Email nie jest unikalny.', 'Email is not unique');
const patientEmailTaken = () =>
  new AppError(409, 'Błąd rejestracji, email jest już używany w systemie.', 'Email is not unique');
const nameTaken = () =>
  new AppError(409, 'Nazwa organizacji nie jest unikalna', 'Organization name is not unique');
const invalidOrgCode = () =>
  new AppError(409, 'Błąd rejestracji, nieprawidłowy kod organizacji.', 'Invalid organization code');
const notJoinable = () =>
  new AppError(404, 'Organizacja nie istnieje lub nie przyjmuje rejestracji.', 'not-found');

function checkEmail(email: string): void {
  if (!REGISTRATION_EMAIL_PATTERN.test(email)) throw invalidEmail();
}

/** 'Imię i nazwisko' of the founder: the first word is the first name, the rest the surname. */
export function splitFullName(name: string): { firstName: string; surname: string | null } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, surname: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Founds an organization with its owner (ROLE_OWNER, activated), then announces it to the live
 * channel of the registration's token, if it opened one. New organizations do not accept self-registered patients until the owner enables it.
 */
export async function registerOrganization(
  db: Kysely<Database>,
  events: RegistrationEvents,
  { orgName, mail, password, channelToken }: Omit<RegisterOrganizationBody, 'captcha'>,
): Promise<{ organizationId: number }> {
  checkEmail(mail);
  if (await emailTaken(db, mail)) throw ownerEmailTaken();
  if (await organizationNameTaken(db, orgName)) throw nameTaken();
  const passwordHash = await hashPassword(password);
  const { firstName, surname } = splitFullName(orgName);
  let organizationId: number;
  try {
    organizationId = await db.transaction().execute(async (trx) => {
      const organization = await trx
        .insertInto('organizations')
        .values({ name: orgName })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('users')
        .values({
          organization_id: organization.id,
          email: mail,
          password_hash: passwordHash,
          authorities: 'ROLE_OWNER',
          first_name: firstName,
          surname,
          activated: true,
        })
        .execute();
      return organization.id;
    });
  } catch (error) {
    // Two registrations racing past the checks above: the unique constraints decide.
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    throw violation.constraint.startsWith('organizations') ? nameTaken() : ownerEmailTaken();
  }
  if (channelToken)
    await events.publish({ type: 'TENANT_CREATED', email: mail, channelToken, organizationId });
  return { organizationId };
}

/** The terms a joining patient must have accepted: the organization's current ones, if any. */
function checkTerms(currentTermsId: number | null, acceptedTerms: number | null | undefined): void {
  if (acceptedTerms == null) {
    if (currentTermsId !== null) {
      throw new AppError(400, 'Należy zaakceptować regulamin organizacji.', 'terms-not-accepted');
    }
    return;
  }
  if (currentTermsId === null) {
    throw new AppError(400, 'Organizacja nie ma aktualnego regulaminu.', 'current-terms-are-not-set');
  }
  if (acceptedTerms !== currentTermsId) {
    throw new AppError(400, 'Zaakceptowany regulamin nie jest aktualny.', 'accepted-terms-are-not-current');
  }
}

/**
 * Adds a patient (ROLE_USER) to an organization that accepts self-registration: activated at once
 * unless the organization activates its patients itself. Accepting the terms here records the
 * acceptance, so the patient is not asked again after the first login.
 */
export async function joinOrganization(
  db: Kysely<Database>,
  organizationId: number,
  { mail, password, orgCode, acceptedTerms }: Omit<JoinOrganizationBody, 'captcha'>,
): Promise<{ activated: boolean }> {
  const organization = await findJoinableOrganization(db, organizationId);
  if (!organization) throw notJoinable();
  checkEmail(mail);
  if (organization.enable_code_registration && !orgCodeMatches(organization.org_code, orgCode)) {
    throw invalidOrgCode();
  }
  checkTerms(organization.currentTerms?.id ?? null, acceptedTerms);
  if (await emailTaken(db, mail)) throw patientEmailTaken();
  const passwordHash = await hashPassword(password);
  const activated = !organization.enable_user_activation;
  try {
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          organization_id: organization.id,
          email: mail,
          password_hash: passwordHash,
          authorities: 'ROLE_USER',
          activated,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (organization.currentTerms) {
        await trx
          .insertInto('terms_acceptances')
          .values({ user_id: user.id, terms_id: organization.currentTerms.id })
          .execute();
      }
    });
  } catch (error) {
    if (uniqueViolation(error)) throw patientEmailTaken();
    throw error;
  }
  return { activated };
}
