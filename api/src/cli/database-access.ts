import type { Kysely } from 'kysely';
import { seedDemo } from '../accounts/seed';
import { verifyAccessAudit } from '../audit/audit-chain';
import type { Database } from '../db/schema';
import { operatorRegisterBody } from '../operator/operator-schemas';
import type { ManifestVerifier } from '../remotes/manifest-verifier';
import { activateRemote, getHistory, registerDeployment } from '../remotes/registry-service';
import type { RegistryAccess } from './registry';

/** The registry straight in the database, for when no server owns it. */
export function databaseAccess(
  db: Kysely<Database>,
  {
    verifier,
    demoPassword,
    close = async () => {},
  }: { verifier: ManifestVerifier; demoPassword: string; close?: () => Promise<void> },
): RegistryAccess {
  const deps = { db, verifier };
  return {
    via: 'the database directly, no server running',
    register: (input) => {
      const { name, ...body } = operatorRegisterBody.parse(input);
      return registerDeployment(deps, name, body);
    },
    activate: (name, body) => activateRemote(deps, name, body),
    history: () => getHistory(db),
    seed: (reset) => seedDemo(db, { password: demoPassword, reset }),
    verifyAudit: () => verifyAccessAudit(db, { now: new Date() }),
    close,
  };
}
