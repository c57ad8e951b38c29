import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FederationManifest } from 'shared-ui/schemas';

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
  removed_at: Timestamp | null;
  created_at: CreatedAt;
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

export interface Database {
  remote_deployments: RemoteDeploymentsTable;
  remote_activations: RemoteActivationsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
}

export type RemoteDeploymentRow = Selectable<RemoteDeploymentsTable>;
export type NewUser = Insertable<UsersTable>;
