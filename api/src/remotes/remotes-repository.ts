import type { Kysely } from 'kysely';
import type { FederationManifest } from '@formularze/domain/schemas';
import type { Database, RemoteDeploymentRow } from '../db/schema';

export interface ActiveRow {
  name: string;
  deploymentId: number;
  version: string;
  manifestUrl: string;
  manifest: FederationManifest;
  activatedAt: Date;
  /** The deployment of the latest earlier activation that was a different version. */
  lastKnownGood: {
    deploymentId: number;
    version: string;
    manifestUrl: string;
    manifest: FederationManifest;
  } | null;
}

export function findDeployment(db: Kysely<Database>, name: string, version: string) {
  return db
    .selectFrom('remote_deployments')
    .selectAll()
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function insertDeployment(
  db: Kysely<Database>,
  values: {
    name: string;
    version: string;
    manifestUrl: string;
    manifest: FederationManifest;
    deployedBy: string;
  },
): Promise<RemoteDeploymentRow> {
  return db
    .insertInto('remote_deployments')
    .values({
      name: values.name,
      version: values.version,
      manifest_url: values.manifestUrl,
      manifest: JSON.stringify(values.manifest),
      deployed_by: values.deployedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertActivation(
  db: Kysely<Database>,
  values: { name: string; deploymentId: number; activatedBy: string },
): Promise<void> {
  await db
    .insertInto('remote_activations')
    .values({ name: values.name, deployment_id: values.deploymentId, activated_by: values.activatedBy })
    .execute();
}

/** The registry revision: the id of the latest activation, 0 before the first one. */
export async function currentRevision(db: Kysely<Database>): Promise<number> {
  const { revision } = await db
    .selectFrom('remote_activations')
    .select((eb) => eb.fn.max('id').as('revision'))
    .executeTakeFirstOrThrow();
  return Number(revision ?? 0);
}

/** The active version of each remote (or of one), with its last known good version. */
export async function listActive(db: Kysely<Database>, name?: string): Promise<ActiveRow[]> {
  const rows = await db
    .with('latest', (qb) =>
      qb
        .selectFrom('remote_activations')
        .distinctOn('name')
        .select(['id', 'name', 'deployment_id', 'activated_at'])
        .where((eb) => (name === undefined ? eb.lit(true) : eb('name', '=', name)))
        .orderBy('name')
        .orderBy('id', 'desc'),
    )
    .selectFrom('latest')
    .innerJoin('remote_deployments as d', 'd.id', 'latest.deployment_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('remote_activations as earlier')
          .innerJoin('remote_deployments as ed', 'ed.id', 'earlier.deployment_id')
          .select(['ed.id', 'ed.version', 'ed.manifest_url', 'ed.manifest'])
          .whereRef('earlier.name', '=', 'latest.name')
          .whereRef('earlier.id', '<', 'latest.id')
          .whereRef('earlier.deployment_id', '<>', 'latest.deployment_id')
          .orderBy('earlier.id', 'desc')
          .limit(1)
          .as('lkg'),
      (join) => join.onTrue(),
    )
    .select([
      'latest.name',
      'latest.activated_at',
      'd.id as deployment_id',
      'd.version',
      'd.manifest_url',
      'd.manifest',
      'lkg.id as lkg_id',
      'lkg.version as lkg_version',
      'lkg.manifest_url as lkg_manifest_url',
      'lkg.manifest as lkg_manifest',
    ])
    .orderBy('latest.name')
    .execute();

  return rows.map((row) => ({
    name: row.name,
    deploymentId: row.deployment_id,
    version: row.version,
    manifestUrl: row.manifest_url,
    manifest: row.manifest,
    activatedAt: row.activated_at,
    lastKnownGood:
      row.lkg_id !== null &&
      row.lkg_version !== null &&
      row.lkg_manifest_url !== null &&
      row.lkg_manifest !== null
        ? {
            deploymentId: row.lkg_id,
            version: row.lkg_version,
            manifestUrl: row.lkg_manifest_url,
            manifest: row.lkg_manifest,
          }
        : null,
  }));
}

/** Every deployed version, newest first. */
export function listDeployments(db: Kysely<Database>) {
  return db
    .selectFrom('remote_deployments')
    .select(['id', 'name', 'version', 'manifest_url', 'deployed_at', 'deployed_by'])
    .orderBy('id', 'desc')
    .execute();
}

/** Every activation, newest first. */
export function listActivations(db: Kysely<Database>) {
  return db
    .selectFrom('remote_activations as a')
    .innerJoin('remote_deployments as d', 'd.id', 'a.deployment_id')
    .select(['a.name', 'd.version', 'a.activated_at', 'a.activated_by'])
    .orderBy('a.id', 'desc')
    .execute();
}
