import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ActiveRemote, RemoteName, RemoteRegistry } from '@formularze/domain/schemas';
import type { Database } from '../db/schema';

/** The cookie that names a browser's overrides (HttpOnly: pages never read it). */
export const DEV_OVERRIDES_COOKIE = 'formularze-dev-remotes';

/** A working day: a forgotten override does not outlive it. */
export const DEV_OVERRIDE_TTL_MS = 8 * 60 * 60 * 1000;

export interface DevOverride {
  remote: RemoteName;
  entryUrl: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes the browser of `token` (a new one when null) take `remote` from `entryUrl` until the
 * super-admin session `sessionTokenHash` ends or the day is over. Returns the browser's token.
 */
export async function grantDevOverride(
  db: Kysely<Database>,
  {
    token,
    sessionTokenHash,
    override,
    now,
  }: { token: string | null; sessionTokenHash: string; override: DevOverride; now: Date },
): Promise<string> {
  const browserToken = token ?? randomBytes(32).toString('base64url');
  const values = {
    token_hash: hash(browserToken),
    remote: override.remote,
    entry_url: override.entryUrl,
    session_token_hash: sessionTokenHash,
    expires_at: new Date(now.getTime() + DEV_OVERRIDE_TTL_MS),
  };
  await db
    .insertInto('dev_remote_overrides')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['token_hash', 'remote']).doUpdateSet({
        entry_url: values.entry_url,
        session_token_hash: values.session_token_hash,
        expires_at: values.expires_at,
      }),
    )
    .execute();
  return browserToken;
}

/** The overrides of the browser holding `token` that are still in force. */
export async function activeDevOverrides(
  db: Kysely<Database>,
  token: string | undefined,
  now: Date,
): Promise<DevOverride[]> {
  if (!token) return [];
  const rows = await db
    .selectFrom('dev_remote_overrides as o')
    .innerJoin('sessions as s', 's.token_hash', 'o.session_token_hash')
    .select(['o.remote', 'o.entry_url'])
    .where('o.token_hash', '=', hash(token))
    .where('o.expires_at', '>', now)
    .where('s.expires_at', '>', now)
    .where('s.kind', '=', 'owner')
    .orderBy('o.remote')
    .execute();
  return rows.map((row) => ({ remote: row.remote as RemoteName, entryUrl: row.entry_url }));
}

export async function revokeDevOverrides(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (token) await db.deleteFrom('dev_remote_overrides').where('token_hash', '=', hash(token)).execute();
}

/** A version label the registry's format accepts, different for each address. */
function devVersion(entryUrl: string): string {
  return `0.0.0-dev+${hash(entryUrl).slice(0, 8)}`;
}

/**
 * The registry as the overriding browser sees it: each overridden remote comes from its
 * developer's address, falling back to the active version if that cannot be loaded.
 */
export function withDevOverrides(registry: RemoteRegistry, overrides: DevOverride[]): RemoteRegistry {
  if (!overrides.length) return registry;
  const remotes = registry.remotes.map((remote): ActiveRemote => {
    const override = overrides.find((candidate) => candidate.remote === remote.name);
    if (!override) return remote;
    return {
      name: remote.name,
      version: devVersion(override.entryUrl),
      manifestUrl: override.entryUrl,
      entryUrl: override.entryUrl,
      activatedAt: remote.activatedAt,
      lastKnownGood: { version: remote.version, manifestUrl: remote.manifestUrl, entryUrl: remote.entryUrl },
      devOverride: true,
    };
  });
  return { ...registry, remotes };
}
