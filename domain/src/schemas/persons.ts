import * as z from 'zod/mini';

/** The organization flags the front end needs with the current person (navigation, permissions). */
export const personOrganization = z.object({
  id: z.number(),
  orgName: z.string(),
  editorsCanManageForms: z.boolean(),
  editorsCanManageUsers: z.boolean(),
});
export type PersonOrganization = z.infer<typeof personOrganization>;
/** `GET /api/persons/my/organizations`: the organizations the signed-in person belongs to (one, or none for the platform administrator). */
export const myOrganizations = z.array(personOrganization);

/**
 * `GET /api/persons/my`: the signed-in person. `authorities` is the effective role string: a patient
 * who has not accepted the organization's current terms gets ROLE_USER_NO_ACCEPTED_TERMS instead of
 * ROLE_USER until they do.
 */
export const currentPerson = z.object({
  id: z.number(),
  firstName: z.nullable(z.string()),
  surname: z.nullable(z.string()),
  mail: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** `/org-media/files/avatars/...` when the person uploaded one (profile page). */
  avatarPath: z.optional(z.nullable(z.string())),
  authorities: z.string(),
  /** True until the person closes the first-login help dialog. */
  firstLogin: z.boolean(),
  currentTermsAccepted: z.boolean(),
  organization: z.nullable(personOrganization),
});
export type CurrentPerson = z.infer<typeof currentPerson>;

/** A terms-of-service document of an organization; `link` opens its PDF. */
export const termsDocument = z.object({
  id: z.number(),
  name: z.string(),
  link: z.string(),
  activeSince: z.string(),
  removedAt: z.nullable(z.string()),
});
export type TermsDocument = z.infer<typeof termsDocument>;

/** The person's display name: first name and surname, or the login when neither is set. */
export function displayName(person: Pick<CurrentPerson, 'firstName' | 'surname' | 'mail' | 'phone'>): string {
  const name = [person.firstName, person.surname].filter(Boolean).join(' ');
  return name || person.mail || person.phone || '';
}
