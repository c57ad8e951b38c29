import { sql, type Kysely } from 'kysely';
import type { Project, ProjectPayload } from 'shared-ui/schemas/projects';
import type { Database } from '../db/schema';

const PROJECT_COLUMNS = [
  'id',
  'name',
  'internal_description',
  'sms_phone',
  'welcome_sms_message',
  'welcome_email_message',
  'enable_all_form_access',
] as const;

type ProjectRow = Pick<
  Database['form_groups'],
  'name' | 'internal_description' | 'sms_phone' | 'welcome_sms_message' | 'welcome_email_message'
> & { id: number; enable_all_form_access: boolean };

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    internalDescription: row.internal_description,
    smsPhone: row.sms_phone,
    welcomeSmsMessage: row.welcome_sms_message,
    welcomeEmailMessage: row.welcome_email_message,
    enableAllFormAccess: row.enable_all_form_access,
  };
}

/** An empty optional text is stored as no text. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/** `GET /api/form_group`: the organization's live projects, by name (for pickers). */
export async function listProjects(db: Kysely<Database>, organizationId: number): Promise<Project[]> {
  const rows = await db
    .selectFrom('form_groups')
    .select(PROJECT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toProject);
}

/** `POST /api/form_group`: a new project of the organization. */
export async function createProject(
  db: Kysely<Database>,
  { organizationId, payload }: { organizationId: number; payload: ProjectPayload },
): Promise<Project> {
  const row = await db
    .insertInto('form_groups')
    .values({
      organization_id: organizationId,
      name: payload.name,
      internal_description: textOrNull(payload.internalDescription),
      sms_phone: textOrNull(payload.smsPhone),
      welcome_sms_message: textOrNull(payload.welcomeSmsMessage),
      welcome_email_message: textOrNull(payload.welcomeEmailMessage),
      enable_all_form_access: payload.enableAllFormAccess ?? false,
    })
    .returning(PROJECT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toProject(row);
}

/** The form's project after a copy, move or detach (the live project, or none). */
export async function projectOfForm(
  db: Kysely<Database>,
  { organizationId, formId }: { organizationId: number; formId: number },
): Promise<{ id: number; name: string } | null> {
  const row = await db
    .selectFrom('forms as f')
    .innerJoin('form_groups as g', 'g.id', 'f.group_id')
    .select(['g.id', 'g.name'])
    .where('f.id', '=', formId)
    .where('f.organization_id', '=', organizationId)
    .where('g.removed_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}
