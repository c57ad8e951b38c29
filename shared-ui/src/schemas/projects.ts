import * as z from 'zod/mini';
import { normalizeSmsPhone, SMS_PHONE_MESSAGE } from './form-template';

/**
 * Projects (form groups): §3 "Project (form group)", §5 "Project" (only the name is required; copy
 * or move needs a project other than the current one), §7 "Projects". `POST /api/form_group` takes
 * `projectPayload`; `GET /api/form_group` answers `projectList`, the organization's live projects by
 * name, for pickers.
 */

export const PROJECT_NAME_MAX_LENGTH = 200;
export const PROJECT_TEXT_MAX_LENGTH = 2000;

/** §2: project names are truncated after 25 characters where space is short. */
export const PROJECT_NAME_SHORT_LENGTH = 25;

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.maxLength(max, `To pole może mieć najwyżej ${max} znaków`))));

export const projectPayload = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'To pole jest wymagane'),
      z.maxLength(PROJECT_NAME_MAX_LENGTH, `Nazwa może mieć najwyżej ${PROJECT_NAME_MAX_LENGTH} znaków`),
    ),
  internalDescription: optionalText(PROJECT_TEXT_MAX_LENGTH),
  /** The number welcome SMS are sent from: stored as `+` and digits. */
  smsPhone: z.optional(
    z.nullable(
      z.string().check(z.overwrite(normalizeSmsPhone), z.regex(/^(\+\d{6,15})?$/, SMS_PHONE_MESSAGE)),
    ),
  ),
  welcomeSmsMessage: optionalText(PROJECT_TEXT_MAX_LENGTH),
  welcomeEmailMessage: optionalText(PROJECT_TEXT_MAX_LENGTH),
  /** Members of the project may fill all of its forms (§2 "Person access dialog"). */
  enableAllFormAccess: z.optional(z.boolean()),
});
export type ProjectPayload = z.infer<typeof projectPayload>;

export const project = z.object({
  id: z.number(),
  name: z.string(),
  internalDescription: z.nullable(z.string()),
  smsPhone: z.nullable(z.string()),
  welcomeSmsMessage: z.nullable(z.string()),
  welcomeEmailMessage: z.nullable(z.string()),
  enableAllFormAccess: z.boolean(),
});
export type Project = z.infer<typeof project>;

export const projectList = z.array(project);

/** Ids are PostgreSQL integers. */
const databaseId = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));

export const formToProjectParams = z.object({ formId: databaseId, groupId: databaseId });
export const formOfProjectParams = z.object({ formId: databaseId });

/** What a copy, move or detach answers: the form that is now in (or out of) the project. */
export const projectFormRef = z.object({
  id: z.number(),
  formGroup: z.nullable(z.object({ id: z.number(), name: z.string() })),
});
export type ProjectFormRef = z.infer<typeof projectFormRef>;

export const SAME_PROJECT_MESSAGE = 'Wybierz projekt inny niż obecny';
export const PROJECT_NOT_FOUND_MESSAGE = 'Nie znaleziono projektu';
export const FORM_WITHOUT_PROJECT_MESSAGE = 'Formularz nie należy do żadnego projektu';
