import { z } from 'zod';
import { apiError, remoteHistory } from '@formularze/domain/schemas';
import { OPERATOR_TOKEN_HEADER } from '../auth/operator-guard';
import type { Config } from '../core/config';
import {
  activationResult,
  auditVerification,
  registrationResult,
  seedResult,
} from '../operator/operator-schemas';
import { isProcessAlive, readServerInfo, type ServerInfo } from '../operator/server-info';
import { CliError } from './cli-error';
import type { RegistryAccess } from './registry';

function serverAccess({ pid, port, token }: ServerInfo): RegistryAccess {
  async function call<T>(
    schema: z.core.$ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        [OPERATOR_TOKEN_HEADER]: token,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new CliError(`The server (pid ${pid}) stopped answering on port ${port}: ${String(error)}`);
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = apiError.safeParse(json);
      throw new CliError(error.success ? error.data.message : `The server answered HTTP ${response.status}`);
    }
    return z.parse(schema, json);
  }
  return {
    via: `the running server, pid ${pid}, port ${port}`,
    register: (body) => call(registrationResult, 'POST', '/api/operator/remotes/deployments', body),
    activate: (name, body) =>
      call(activationResult, 'POST', `/api/operator/remotes/${encodeURIComponent(name)}/activate`, body),
    history: () => call(remoteHistory, 'GET', '/api/operator/remotes/history'),
    seed: (reset) => call(seedResult, 'POST', '/api/operator/seed', { reset }),
    verifyAudit: () => call(auditVerification, 'GET', '/api/operator/audit/verify'),
    close: async () => {},
  };
}

async function answers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(2000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The running server's operator API when there is one (it owns the database), else the database
 * itself. An embedded PGlite is never opened while its server's process lives: two processes
 * would corrupt it.
 */
export async function connectRegistry(config: Config): Promise<RegistryAccess> {
  const server = await readServerInfo(config.dataDir);
  if (server && isProcessAlive(server.pid)) {
    if (await answers(server.port)) return serverAccess(server);
    if (!config.databaseUrl) {
      throw new CliError(
        `The server (pid ${server.pid}) holds ${config.dataDir} but does not answer on port ${server.port}. ` +
          'Wait until it has started, or stop it, and try again.',
      );
    }
  }
  // Imported here so that, with a server running, the CLI loads neither the database drivers nor
  // the registry code: a rollback through the server then takes well under a second.
  const [{ openDatabase }, { migrateToLatest }, { databaseAccess }, { createManifestVerifier }] =
    await Promise.all([
      import('../db/database'),
      import('../db/migrate'),
      import('./database-access'),
      import('../remotes/manifest-verifier'),
    ]);
  const db = await openDatabase(config);
  await migrateToLatest(db);
  return databaseAccess(db, {
    verifier: createManifestVerifier({ deploymentsDir: config.deploymentsDir }),
    demoPassword: config.demoPassword,
    close: () => db.destroy(),
  });
}
