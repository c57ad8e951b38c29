import * as z from 'zod/mini';
import { normalizeSmsPhone, SMS_PHONE_MESSAGE } from './form-template';
import { formStatus, listedPerson, requiredName } from './forms';
import { pagedResponse, pagingQuery, type Paged, type PagingQuery, type SortBy } from './paging';

/**
 * Projects (form groups): §3 "Project (form group)", §5 "Project" (only the name is required; copy
 * or move needs a project other than the current one), §7 "Projects". `POST /api/form_group` takes
 * `projectPayload`; `GET /api/form_group` answers `projectList`, the organization's live projects by
 * name, for pickers; `GET /api/v2/form_group` pages them. Below: update, removal, duplication, the
 * project's forms and people, and one person's projects and access (§2 "Person access dialog").
 */

export const PROJECT_NAME_MAX_LENGTH = 200;
export const PROJECT_TEXT_MAX_LENGTH = 2000;

/** §2: project names are truncated after 25 characters where space is short. */
export const PROJECT_NAME_SHORT_LENGTH = 25;

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.maxLength(max, `To pole może mieć najwyżej ${max} znaków`))));

export const projectPayload = z.object({
  name: requiredName(PROJECT_NAME_MAX_LENGTH),
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

/** Ids are PostgreSQL integers: in a path (text) and in a JSON body. */
const databaseId = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));
const recordId = z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));

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

/* ------------------------------------------------------------ project list */

/** `GET /api/v2/form_group`: the sortable columns of the projects list (§2 "Projects list"). */
export const PROJECT_SORT_KEYS = [
  'name',
  'description',
  'smsPhone',
  'welcomeSmsMessage',
  'welcomeEmailMessage',
] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];
export const DEFAULT_PROJECT_SORT = 'name' satisfies SortBy<ProjectSortKey>;
export const projectListQuery = pagingQuery(PROJECT_SORT_KEYS);
export type ProjectListQuery = PagingQuery<ProjectSortKey>;
export const projectPage = pagedResponse(project);
export type ProjectPage = Paged<Project>;

/**
 * `/api/form_group/{id}` and its sub-resources: `PUT` (owners; `projectPayload`, answers the
 * `project`) and `DELETE` (owners; 204) among them. Another organization's project is 404.
 */
export const projectIdParams = z.object({ id: databaseId });
/** `/api/form_group/person_to_groups/{personId}`, `/api/form_group/person_access/{personId}`. */
export const projectPersonParams = z.object({ personId: databaseId });

/** `DELETE /api/form_group/{id}` while an ACTIVE form is in the project: 409 with this message. */
export const PROJECT_HAS_ACTIVE_FORMS_MESSAGE = 'Nie można usunąć projektu, w którym są aktywne formularze';
/** `PUT /api/form_group/{id}/duplicate`: the copy's name is the original's with this suffix. */
export const PROJECT_COPY_SUFFIX = ' (kopia)';

/** `GET /api/form_group/{id}/forms`: the project's forms (current editions, deleted ones never). */
export const projectForm = z.object({ id: z.number(), name: z.string() });
export const projectFormList = z.array(projectForm);
export type ProjectForm = z.infer<typeof projectForm>;

/* ----------------------------------------------------------- project users */

/**
 * `GET /api/form_group/{id}/allowed_users`: the people the caller may add to the project (§6:
 * owners see every non-owner, editors patients only; removed people never), members `selected`.
 */
export const projectUser = listedPerson;
export type ProjectUser = z.infer<typeof projectUser>;
export const projectUserList = z.array(projectUser);

/**
 * `PUT /api/form_group/{id}/allowed_users`: adds (`selected: true`) and removes people; people not
 * listed keep their membership; a person listed twice is a 400. Newly added people get the project's
 * welcome messages. Answers the list as after the change (`projectUserList`).
 */
export const projectUserUpdate = z.object({ userId: recordId, selected: z.boolean() });
export const projectUsersUpdate = z.array(projectUserUpdate);
export type ProjectUserUpdate = z.infer<typeof projectUserUpdate>;

/* --------------------------------------------------------------- duplicate */

/**
 * `PUT /api/form_group/{id}/duplicate` (owners): answers 201 with the copy (`project`), named with
 * PROJECT_COPY_SUFFIX; `withUsers` copies the members too. Forms are not copied.
 */
export const projectDuplicateBody = z.object({ withUsers: z.boolean() });
export type ProjectDuplicateBody = z.infer<typeof projectDuplicateBody>;

/* ----------------------------------------------------- one person's access */

/**
 * `POST /api/form_group/person_to_groups/{personId}`: the complete list of projects the person is
 * to be a member of (projects not listed are left); answers the person's project ids after the call.
 */
export const personToGroupsBody = z.array(recordId);
export type PersonToGroupsBody = z.infer<typeof personToGroupsBody>;
export const personGroupIds = z.array(z.number());

/**
 * One form in the person access dialog: `granted` is a direct grant (the form's allowed users,
 * changed with `PUT /api/forms/person_to_forms/{personId}`); `grantedByProject` is access the
 * person has as a member of a project with `enableAllFormAccess` (read-only in the dialog).
 */
export const personFormAccess = z.object({
  id: z.number(),
  name: z.string(),
  status: formStatus,
  granted: z.boolean(),
  grantedByProject: z.boolean(),
});
export type PersonFormAccess = z.infer<typeof personFormAccess>;

/**
 * `GET /api/forms/available-for-person/{personId}`: the same forms as `personAccess`, in one list
 * (the projects' forms by project name, then those without a project); with `groupId`, one live
 * project's forms only (404 for another).
 */
export const availableForPersonQuery = z.object({ groupId: z.optional(databaseId) });
export const availableForPerson = z.array(personFormAccess);

/**
 * `GET /api/form_group/person_access/{personId}`: the organization's live projects by name, each
 * with the person's membership and its forms (current editions); `formsWithoutProject` are the
 * forms in no project (`grantedByProject` always false). 404 for a person the caller may not manage.
 */
export const personAccess = z.object({
  projects: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      enableAllFormAccess: z.boolean(),
      member: z.boolean(),
      forms: z.array(personFormAccess),
    }),
  ),
  formsWithoutProject: z.array(personFormAccess),
});
export type PersonAccess = z.infer<typeof personAccess>;
