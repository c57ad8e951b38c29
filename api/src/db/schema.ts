import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FederationManifest } from '@formularze/domain/schemas';
import type { Dictionary, FormLayout, FormRule } from '@formularze/domain/schemas/form-template';
import type { FilledAnswers, FilledFormState, ItemScore } from '@formularze/domain/schemas/filled-data';
import type { FormSettings, FormStatus, Schedule } from '@formularze/domain/schemas/forms';
import type {
  BillingInfo,
  CartElement,
  CartItemStatus,
  DeliveryInfo,
  KitPrice,
  TestType,
} from '@formularze/domain/schemas/cart';

/** Written by the database (`default now()`), readable as a Date. */
type CreatedAt = ColumnType<Date, never, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** pg returns int8 as a string, PGlite as a number: read it through `Number()`. */
type BigIntId = ColumnType<number | string, never, never>;

export interface RemoteDeploymentsTable {
  id: Generated<number>;
  name: string;
  version: string;
  manifest_url: string;
  /** The mf-manifest.json that was fetched and verified when the version was registered. */
  manifest: ColumnType<FederationManifest, string, never>;
  deployed_at: CreatedAt;
  deployed_by: string;
}

export interface RemoteActivationsTable {
  /** Also the registry revision: it only grows. */
  id: BigIntId;
  name: string;
  deployment_id: number;
  activated_at: CreatedAt;
  activated_by: string;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  enable_self_registration: Generated<boolean>;
  enable_code_registration: Generated<boolean>;
  org_code: string | null;
  enable_user_activation: Generated<boolean>;
  editors_can_manage_forms: Generated<boolean>;
  editors_can_manage_users: Generated<boolean>;
  created_at: CreatedAt;
  custom_footer: ColumnType<string | null, string | null | undefined, string | null>;
  org_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** `BillingInfo` of @formularze/domain/schemas/profile.ts. */
  billing_info: ColumnType<Record<string, string | null> | null, string | null | undefined, string | null>;
  /** https only; called when form data is created. */
  form_data_created_webhook_url: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Keys the HMAC signature of webhook calls in clear: only in rows made before migration 0031,
   * until the server seals it (jobs/webhook-secrets.ts).
   */
  webhook_secret: string | null;
  /** The webhook signing secret, AES-256-GCM with the API keys' key (migration 0031). */
  webhook_secret_sealed: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  /** Null for the platform's super-admins. */
  organization_id: number | null;
  email: string | null;
  phone: string | null;
  password_hash: string;
  /** Comma-separated roles, e.g. `ROLE_OWNER,ROLE_EDITOR`. */
  authorities: string;
  first_name: string | null;
  surname: string | null;
  activated: Generated<boolean>;
  /** True until the person closes the first-login help dialog. */
  first_login: Generated<boolean>;
  removed_at: Timestamp | null;
  /** The logins a removed member had, freed for someone else (migration 0009). */
  removed_email: ColumnType<string | null, string | null | undefined, string | null>;
  removed_phone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  title: ColumnType<string | null, string | null | undefined, string | null>;
  /** At most 100 characters. */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  gender: ColumnType<
    'Female' | 'Male' | null,
    'Female' | 'Male' | null | undefined,
    'Female' | 'Male' | null
  >;
  year_of_birth: ColumnType<number | null, number | null | undefined, number | null>;
  /** `PersonAddress` of @formularze/domain/schemas/profile.ts, written as JSON text. */
  address: ColumnType<Record<string, string | null> | null, string | null | undefined, string | null>;
  hospital_identifier: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether a patient may change their personal data; owners always may. */
  enable_profile_data_edition: Generated<boolean>;
  /** `avatars/<random>.<ext>` under the media folder. */
  avatar_path: ColumnType<string | null, string | null | undefined, string | null>;
  preferred_channel: ColumnType<
    'mail' | 'phone' | null,
    'mail' | 'phone' | null | undefined,
    'mail' | 'phone' | null
  >;
  enable_reminders: Generated<boolean>;
}

export const SESSION_KINDS = ['patient', 'employee', 'owner'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the token the client holds; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  kind: SessionKind;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An organization's terms of service; the current ones are the live terms with the latest `active_since` not after now. */
export interface TermsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  /** The PDF relative to the media folder (`terms/...`); its URL is `/org-media/files/<file_path>`. */
  file_path: string;
  active_since: Timestamp;
  /** Removed terms stay for the acceptances that point at them. */
  removed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface TermsAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  terms_id: number;
  accepted_at: ColumnType<Date, Date | string | undefined, Date | string>;
  revoked_at: Timestamp | null;
}

/** Failed logins of one subject: `user:<id>`, or `login:<email|phone>` for a login nobody has. */
export interface LoginThrottlesTable {
  subject: string;
  failed_attempts: number;
  /** When the first failure of the current window happened. */
  window_started_at: Timestamp | null;
  blocked_until: Timestamp | null;
  /** Blocks in a row; the next block lasts longer. */
  block_level: number;
}

export const RESET_ROLES = ['user', 'employee'] as const;
export type ResetRole = (typeof RESET_ROLES)[number];

export interface PasswordResetsTable {
  id: Generated<number>;
  /** sha256 of the token in the link. */
  token_hash: string;
  user_id: number;
  role: ResetRole;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type OutboxChannel = 'mail' | 'sms';

export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  channel: OutboxChannel;
  subject: string;
  body: string;
  /** The body is encrypted with the server's key (outbox/sealed-bodies.ts). */
  sealed: ColumnType<boolean, boolean | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  sent_at: Timestamp | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** Null once the worker stopped trying (gave up, or has no transport for the channel). */
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The organization whose request wrote it (migration 0018: the database fills it in); null: the system's. */
  organization_id: ColumnType<number | null, never, never>;
}

/** A spent ALTCHA challenge (its nonce), remembered until the challenge expires. */
export interface CaptchaSolutionsTable {
  challenge_id: string;
  expires_at: Timestamp;
  used_at: CreatedAt;
}

export interface Database {
  remote_deployments: RemoteDeploymentsTable;
  remote_activations: RemoteActivationsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  terms: TermsTable;
  terms_acceptances: TermsAcceptancesTable;
  login_throttles: LoginThrottlesTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  captcha_solutions: CaptchaSolutionsTable;
  api_keys: ApiKeysTable;
  remote_fallback_events: RemoteFallbackEventsTable;
  dev_remote_overrides: DevRemoteOverridesTable;
  config_global: ConfigGlobalTable;
  form_groups: FormGroupsTable;
  forms: FormsTable;
  form_allowed_users: FormAllowedUsersTable;
  form_group_members: FormGroupMembersTable;
  /** A view (migration 0016): read it, never write it. */
  form_access: FormAccessView;
  scheduled_forms: ScheduledFormsTable;
  saved_fields: SavedFieldsTable;
  form_metadata: FormMetadataTable;
  form_data: FormDataTable;
  uploaded_files: UploadedFilesTable;
  refused_submissions: RefusedSubmissionsTable;
  access_audit: AccessAuditTable;
  access_audit_links: AccessAuditLinksTable;
  access_audit_archive: AccessAuditArchiveTable;
  slot_reminders: SlotRemindersTable;
  adherence_reminders: AdherenceRemindersTable;
  webhook_deliveries: WebhookDeliveriesTable;
  test_kit_prices: TestKitPricesTable;
  cart_items: CartItemsTable;
}

export type RemoteDeploymentRow = Selectable<RemoteDeploymentsTable>;
export type NewUser = Insertable<UsersTable>;

/** A long-lived token of a staff member, sent as `x-auth-token` by their scripts. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  /** sha256 of the key: how a request's key is found. */
  token_hash: string;
  /** AES-256-GCM ciphertext of the key (core/token-cipher.ts), shown again on the API keys page. */
  token_encrypted: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  /** The account that created the key (migration 0030); null once that account is deleted. */
  created_by: number | null;
}

/** A browser that loaded a remote's last known good version because its active one failed. */
/** A remote one browser takes from a developer's machine (remotes/dev-overrides.ts). */
export interface DevRemoteOverridesTable {
  /** sha256 of the token in the browser's cookie. */
  token_hash: string;
  remote: string;
  entry_url: string;
  /** The super-admin session that granted it: the grant ends with it. */
  session_token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface RemoteFallbackEventsTable {
  id: Generated<number>;
  remote: string;
  from_version: string;
  to_version: string;
  user_agent: string | null;
  /** The server's clock when the report arrived. */
  occurred_at: ColumnType<Date, Date, never>;
}

/** The platform's global settings: at most one row, id 1 (`/settings`). */
export interface ConfigGlobalTable {
  id: 1;
  /** The data-protection terms shown where results are shared; null until set. */
  link_to_results_sharing_terms: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A project: a group of forms (columns the projects work needs are added by its migration). */
export interface FormGroupsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  created_at: CreatedAt;
  removed_at: Timestamp | null;
  /** Migration 0012. */
  internal_description: string | null;
  sms_phone: string | null;
  welcome_sms_message: string | null;
  welcome_email_message: string | null;
  enable_all_form_access: Generated<boolean>;
}

/** One edition of a form; the editions of one form share `bag_id` (migration 0010). */
export interface FormsTable {
  id: Generated<number>;
  organization_id: number;
  bag_id: ColumnType<number, number | undefined, never>;
  edition: ColumnType<number, number | undefined, never>;
  name: string;
  description: string | null;
  status: ColumnType<FormStatus, FormStatus | undefined, FormStatus>;
  /** `FormLayout`, written as JSON text. */
  template: ColumnType<FormLayout, string, string>;
  /** `FormRule[]`, written as JSON text. */
  rules: ColumnType<FormRule[], string, string>;
  /** `FormSettings`, written as JSON text. */
  settings: ColumnType<FormSettings, string, string>;
  /** `Schedule` (EVERYDAY expanded), written as JSON text. */
  schedule: ColumnType<Schedule | null, string | null, string | null>;
  group_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  removed_at: Timestamp | null;
  /** A random uuid the database draws anew at every change of the row (migration 0073). */
  version: ColumnType<string, never, never>;
}

/**
 * Who may fill a form, from `valid_since` to `valid_to` (calendar days `YYYY-MM-DD`, inclusive;
 * null: no end). `date` columns: select them as `valid_since::text` (the drivers would make them Dates).
 */
export interface FormAllowedUsersTable {
  form_id: number;
  user_id: number;
  valid_since: string;
  valid_to: string | null;
}

/** The people of a project (migration 0016); `member_since` is a `date`: select it as text. */
export interface FormGroupMembersTable {
  group_id: number;
  user_id: number;
  member_since: string;
}

/**
 * Who may fill each form (view, migration 0016): direct assignments and members of projects that
 * give all their forms, one row per form and person. Dates as in `form_allowed_users`.
 */
export interface FormAccessView {
  form_id: number;
  user_id: number;
  valid_since: string;
  valid_to: string | null;
  /** Assigned to the form itself. */
  direct: boolean;
  /** A member of the form's project, which gives its members all of its forms. */
  by_project: boolean;
}

/** One window in which a person fills a scheduled form. */
export interface ScheduledFormsTable {
  id: Generated<number>;
  form_id: number;
  user_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  edit_minutes_after_save: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** When the slot's end was dealt with: marked MISSED or found filled (migration 0014). */
  settled_at: Timestamp | null;
}

/** A dictionary the organization keeps for reuse (`saveDictionaryGlobally`). */
export interface SavedFieldsTable {
  id: Generated<number>;
  organization_id: number;
  label: string;
  dictionary: ColumnType<Dictionary, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The record a filling starts with (`POST /api/form_metadata/`, migration 0011). */
export interface FormMetadataTable {
  id: Generated<number>;
  form_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** One filling of a form edition by a person (migration 0011). */
export interface FormDataTable {
  id: Generated<number>;
  organization_id: number;
  form_id: number;
  user_id: number;
  scheduled_form_id: number | null;
  form_metadata_id: number | null;
  state: FilledFormState;
  /** `FilledAnswers`, written as JSON text. */
  answers: ColumnType<FilledAnswers, string, string>;
  /** Field id → `ItemScore`, written as JSON text. */
  item_scores: ColumnType<Record<string, ItemScore>, string | undefined, string>;
  total_weight: number | null;
  color: string | null;
  text: string | null;
  editable_until: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  removed_at: Timestamp | null;
  /** The `Idempotency-Key` of the save that stored or submitted it; unique in the organization. */
  idempotency_key: string | null;
}

/** A file given as the answer of a FILE or SIGN field; unattached until a save names it (migration 0013). */
export interface UploadedFilesTable {
  id: string;
  organization_id: number;
  uploaded_by: number;
  /** The name it was uploaded with, as shown and offered for download. */
  name: string;
  /** From the content, never from the client. */
  mime_type: string;
  /** The listed type the content was recognised as (`pdf`, `jpg`...); null: none of them. */
  extension: string | null;
  size: number;
  /** The file's path under the uploads folder. */
  storage_key: string;
  /** The server's clock at the upload (unattached files are swept a day later). */
  created_at: ColumnType<Date, Date, never>;
  form_data_id: number | null;
  field_id: string | null;
  position: number | null;
  /** The client's key for the upload, so that its retry is answered with this file (migration 0061). */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
}

/** A queued submission the server refused, for staff to see (migration 0062, ADR 622). */
export interface RefusedSubmissionsTable {
  id: Generated<number>;
  organization_id: number;
  form_id: number;
  scheduled_form_id: number | null;
  form_data_id: number | null;
  user_id: number;
  idempotency_key: string;
  code: string;
  /** The refusal's message, as the patient's device showed it. */
  reason: string;
  /** The device's clock when the patient sent it: shown, never trusted for a deadline. */
  queued_at: Date | null;
  received_at: Date;
}

/**
 * An entry of the access audit trail (migration 0070, ADR 415): the runtime role inserts and reads
 * it, and nothing updates it; its link to the chain is in `access_audit_links` (migration 0075).
 */
export interface AccessAuditTable {
  id: BigIntId;
  /** Null: a platform event (the super-admin's, or an account of no organization). */
  organization_id: number | null;
  occurred_at: CreatedAt;
  actor_user_id: number | null;
  actor_role: string | null;
  actor_organization_id: number | null;
  operation: string;
  patient_ids: ColumnType<number[], number[] | undefined, never>;
  resource_type: string | null;
  resource_ids: ColumnType<string[], string[] | undefined, never>;
  /** A list's or an export's filter, as asked for; for a change, what changed. */
  details: ColumnType<unknown, string | null | undefined, never>;
  row_count: number | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
}

/**
 * An entry's link to its organization's chain, inserted once by the chaining step, as the owner:
 * `hash` = sha256 of `prev_hash` and the entry's values.
 */
export interface AccessAuditLinksTable {
  entry_id: ColumnType<number | string, never, never>;
  chain_seq: ColumnType<number | string, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** An entry beyond the retention with its link, as one row (migration 0070). */
export type AccessAuditArchiveTable = AccessAuditTable & Omit<AccessAuditLinksTable, 'entry_id'>;

/** A fill reminder sent for a slot at `remind_at`, inserted with its message (migration 0014). */
export interface SlotRemindersTable {
  scheduled_form_id: number;
  remind_at: Timestamp;
  created_at: CreatedAt;
}

/** A reminder staff sent from an adherence grid, one a patient a day (migration 0071, ADR 309). */
export interface AdherenceRemindersTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  sent_by: number | null;
  /** The Polish calendar day it was sent on. */
  sent_on: ColumnType<string, string, never>;
  sent_at: Timestamp;
  channel: OutboxChannel;
  bag_ids: number[];
}

/** A call to an organization's webhook, with its retries (migration 0014). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  organization_id: number;
  event: string;
  /** The JSON sent, fixed when the event happened. */
  body: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
}

/** The price of one test kit (migration 0015): net, in grosze. */
export interface TestKitPricesTable {
  test_type: TestType;
  description: string;
  unit_price: number;
  /** Percent. */
  vat_rate: number;
  currency: string;
  position: number;
}

/** A patient's cart item; bought, it is an order (migration 0015). */
export interface CartItemsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  /** Written as JSON text. */
  elements: ColumnType<CartElement[], string, string>;
  delivery_info: ColumnType<DeliveryInfo, string, string>;
  billing_info: ColumnType<BillingInfo, string, string>;
  status: ColumnType<CartItemStatus, CartItemStatus | undefined, CartItemStatus>;
  /** The prices of the bought elements at the purchase, as JSON text. */
  ordered_prices: ColumnType<KitPrice[] | null, string | null | undefined, string | null>;
  ordered_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
