import type { Kysely } from 'kysely';
import {
  remoteName,
  type ActiveRemote,
  type RegisterDeploymentBody,
  type RemoteDeployment,
  type RemoteHistory,
  type RemoteName,
  type RemoteRegistry,
} from '@formularze/domain/schemas';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import type { ManifestVerifier } from './manifest-verifier';
import { remoteEntryUrl } from './manifest-urls';
import {
  currentRevision,
  findDeployment,
  insertActivation,
  insertDeployment,
  listActivations,
  listActive,
  listDeployments,
  type ActiveRow,
} from './remotes-repository';

/**
 * The remote registry: which version of each remote the shell loads. Shared by the HTTP API and
 * by the operator CLI when no server runs, so both follow the same rules.
 */
export interface RegistryDeps {
  db: Kysely<Database>;
  verifier: ManifestVerifier;
}

export interface ActivationResult {
  previous: ActiveRemote | null;
  active: ActiveRemote;
}

function knownRemote(name: string): RemoteName {
  const parsed = remoteName.safeParse(name);
  if (!parsed.success) {
    throw new AppError(404, `Nieznany moduł ${name}`, 'unknown-remote', `Unknown remote "${name}"`);
  }
  return parsed.data;
}

function toActiveRemote(row: ActiveRow): ActiveRemote {
  return {
    name: row.name as RemoteName,
    version: row.version,
    manifestUrl: row.manifestUrl,
    entryUrl: remoteEntryUrl(row.manifestUrl, row.manifest),
    activatedAt: row.activatedAt.toISOString(),
    lastKnownGood: row.lastKnownGood && {
      version: row.lastKnownGood.version,
      manifestUrl: row.lastKnownGood.manifestUrl,
      entryUrl: remoteEntryUrl(row.lastKnownGood.manifestUrl, row.lastKnownGood.manifest),
    },
  };
}

async function activeRow(db: Kysely<Database>, name: RemoteName): Promise<ActiveRow | null> {
  const [row] = await listActive(db, name);
  return row ?? null;
}

/** The registry as served, with the rows behind it (their stored manifests feed the page's preload links). */
export async function registrySnapshot(
  db: Kysely<Database>,
): Promise<{ registry: RemoteRegistry; rows: ActiveRow[] }> {
  const [revision, rows] = await Promise.all([currentRevision(db), listActive(db)]);
  return { registry: { revision, remotes: rows.map(toActiveRemote) }, rows };
}

export async function getRegistry(db: Kysely<Database>): Promise<RemoteRegistry> {
  return (await registrySnapshot(db)).registry;
}

export async function getHistory(db: Kysely<Database>): Promise<RemoteHistory> {
  const [deployments, activations, active] = await Promise.all([
    listDeployments(db),
    listActivations(db),
    listActive(db),
  ]);
  const activeIds = new Set(active.map((row) => row.deploymentId));
  return {
    deployments: deployments.map((row) => ({
      name: row.name as RemoteName,
      version: row.version,
      manifestUrl: row.manifest_url,
      deployedAt: row.deployed_at.toISOString(),
      deployedBy: row.deployed_by,
      active: activeIds.has(row.id),
    })),
    activations: activations.map((row) => ({
      name: row.name as RemoteName,
      version: row.version,
      activatedAt: row.activated_at.toISOString(),
      activatedBy: row.activated_by,
    })),
  };
}

/** Activates a deployment whose manifest was just verified. Activating the active version changes nothing. */
async function activateVerified(
  db: Kysely<Database>,
  name: RemoteName,
  deploymentId: number,
  activatedBy: string,
): Promise<ActivationResult> {
  const current = await activeRow(db, name);
  if (current?.deploymentId !== deploymentId) {
    await insertActivation(db, { name, deploymentId, activatedBy });
  }
  const active = await activeRow(db, name);
  if (!active) throw new Error(`${name} has no active version right after its activation`);
  return { previous: current && toActiveRemote(current), active: toActiveRemote(active) };
}

/**
 * Makes `version` the active one, or without a version goes back to the last known good one.
 * The manifest is fetched and checked again first: a version whose files are gone is never activated.
 */
export async function activateRemote(
  { db, verifier }: RegistryDeps,
  name: string,
  { version, activatedBy }: { version?: string | undefined; activatedBy: string },
): Promise<ActivationResult> {
  const remote = knownRemote(name);
  let target: { id: number; version: string; manifestUrl: string };
  if (version) {
    const deployment = await findDeployment(db, remote, version);
    if (!deployment) {
      throw new AppError(
        404,
        `Wersja ${version} modułu ${remote} nie została wdrożona`,
        'unknown-version',
        `${remote} ${version} has never been deployed`,
      );
    }
    target = { id: deployment.id, version: deployment.version, manifestUrl: deployment.manifest_url };
  } else {
    const lastKnownGood = (await activeRow(db, remote))?.lastKnownGood;
    if (!lastKnownGood) {
      throw new AppError(
        409,
        `Moduł ${remote} nie ma wcześniejszej wersji, do której można wrócić`,
        'no-previous-version',
        `${remote} has no earlier version to roll back to`,
      );
    }
    target = {
      id: lastKnownGood.deploymentId,
      version: lastKnownGood.version,
      manifestUrl: lastKnownGood.manifestUrl,
    };
  }
  await verifier.verify({ name: remote, version: target.version, manifestUrl: target.manifestUrl });
  return activateVerified(db, remote, target.id, activatedBy);
}

export interface RegistrationResult {
  deployment: RemoteDeployment;
  /** The remote's active version afterwards (null if it has none yet). */
  active: ActiveRemote | null;
}

/**
 * Records a deployed version once its manifest is verified, and activates it if asked. Registering
 * the same version and URL again is harmless: the folder behind it is immutable.
 */
export async function registerDeployment(
  { db, verifier }: RegistryDeps,
  name: string,
  { version, manifestUrl, deployedBy, activate }: RegisterDeploymentBody,
): Promise<RegistrationResult> {
  const remote = knownRemote(name);
  const existing = await findDeployment(db, remote, version);
  if (existing && existing.manifest_url !== manifestUrl) {
    throw new AppError(
      409,
      `Wersja ${version} modułu ${remote} jest już wdrożona pod adresem ${existing.manifest_url}`,
      'version-conflict',
      `${remote} ${version} is already registered with ${existing.manifest_url}`,
    );
  }
  const manifest = await verifier.verify({ name: remote, version, manifestUrl });
  const deployment =
    existing ?? (await insertDeployment(db, { name: remote, version, manifestUrl, manifest, deployedBy }));
  const active = activate
    ? (await activateVerified(db, remote, deployment.id, deployedBy)).active
    : await activeRow(db, remote).then((row) => row && toActiveRemote(row));
  return {
    deployment: {
      name: remote,
      version: deployment.version,
      manifestUrl: deployment.manifest_url,
      deployedAt: deployment.deployed_at.toISOString(),
      deployedBy: deployment.deployed_by,
      active: active?.version === deployment.version,
    },
    active,
  };
}
