import type { Kysely } from 'kysely';
import type {
  BillingInfo,
  OrganizationProfile,
  UpdateOrganizationBody,
} from '@formularze/domain/schemas/profile';
import type { Database } from '../db/schema';

const EMPTY_BILLING_INFO: BillingInfo = {
  name: null,
  street: null,
  zipCode: null,
  city: null,
  taxId: null,
  post: null,
};

export async function findOrganizationProfile(
  db: Kysely<Database>,
  organizationId: number,
): Promise<Required<Omit<OrganizationProfile, 'formDataCreatedWebhookSecret'>> | undefined> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    orgName: row.name,
    customFooter: row.custom_footer,
    orgMessage: row.org_message,
    orgCodeRegistration: row.org_code,
    enableUserActivation: row.enable_user_activation,
    enableSelfRegistration: row.enable_self_registration,
    enableCodeRegistration: row.enable_code_registration,
    editorsCanManageForms: row.editors_can_manage_forms,
    editorsCanManageUsers: row.editors_can_manage_users,
    billingInfo: { ...EMPTY_BILLING_INFO, ...row.billing_info },
    formDataCreatedWebhookUrl: row.form_data_created_webhook_url,
  };
}

/** Empty strings are stored as null, so "not set" has one spelling. */
const orNull = (value: string | null | undefined) => (value ? value : null);

export async function updateOrganizationProfile(
  db: Kysely<Database>,
  organizationId: number,
  body: UpdateOrganizationBody,
): Promise<void> {
  const billingInfo = Object.fromEntries(
    Object.entries(body.billingInfo).map(([key, value]) => [key, orNull(value)]),
  );
  await db
    .updateTable('organizations')
    .set({
      name: body.orgName,
      custom_footer: orNull(body.customFooter),
      org_message: orNull(body.orgMessage),
      org_code: orNull(body.orgCodeRegistration),
      enable_user_activation: body.enableUserActivation,
      enable_self_registration: body.enableSelfRegistration,
      enable_code_registration: body.enableCodeRegistration,
      editors_can_manage_forms: body.editorsCanManageForms,
      editors_can_manage_users: body.editorsCanManageUsers,
      billing_info: JSON.stringify(billingInfo),
      // Absent: left as it is (callers without the `webhooks` permission never send it).
      ...(body.formDataCreatedWebhookUrl !== undefined && {
        form_data_created_webhook_url: orNull(body.formDataCreatedWebhookUrl),
      }),
    })
    .where('id', '=', organizationId)
    .execute();
}
