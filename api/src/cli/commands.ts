import {
  REMOTE_NAMES,
  remoteName,
  remoteVersion,
  type RemoteHistory,
  type RemoteName,
} from '@formularze/domain/schemas';
import { DEMO_ACCOUNTS } from '../accounts/seed';
import type { AuditVerification } from '../operator/operator-schemas';
import type { ActivationResult } from '../remotes/registry-service';
import { CliError } from './cli-error';
import type { RegistryAccess } from './registry';

export function parseRemote(value: string | undefined): RemoteName {
  const parsed = remoteName.safeParse(value);
  if (!parsed.success) {
    throw new CliError(
      `${value ? `Unknown remote "${value}".` : 'Which remote?'} Remotes: ${REMOTE_NAMES.join(', ')}.`,
    );
  }
  return parsed.data;
}

export function parseVersion(value: string | undefined): string | undefined {
  if (value !== undefined && !remoteVersion.safeParse(value).success) {
    throw new CliError(
      `"${value}" is not a version: expected <package version>+<hash>, e.g. 1.0.0+3f9a1c2b.`,
    );
  }
  return value;
}

/** Points `remote` at `version`, or at its last known good version, and says what changed. */
export async function rollbackRemote(
  registry: RegistryAccess,
  { remote, version, activatedBy }: { remote: RemoteName; version?: string | undefined; activatedBy: string },
): Promise<{ result: ActivationResult; summary: string }> {
  const result = await registry.activate(remote, { version, activatedBy });
  const before = result.previous?.version ?? 'none';
  const summary =
    before === result.active.version
      ? `${remote}: ${before} is already active`
      : `${remote}: ${before} → ${result.active.version}`;
  return { result, summary };
}

const timestamp = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** One block per remote: its versions newest first, the active one starred, and how often it was switched. */
export function formatRemotesTable({ deployments, activations }: RemoteHistory): string {
  const header = ['REMOTE', 'ACTIVATIONS', '', 'VERSION', 'DEPLOYED AT', 'DEPLOYED BY'];
  const rows: string[][] = [header];
  for (const name of REMOTE_NAMES) {
    const versions = deployments.filter((deployment) => deployment.name === name);
    const activationCount = String(activations.filter((activation) => activation.name === name).length);
    if (!versions.length) rows.push([name, activationCount, '', '(not deployed)', '', '']);
    versions.forEach((deployment, index) =>
      rows.push([
        index === 0 ? name : '',
        index === 0 ? activationCount : '',
        deployment.active ? '*' : '',
        deployment.version,
        timestamp(deployment.deployedAt),
        deployment.deployedBy,
      ]),
    );
  }
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  return [...lines, '', '* active version'].join('\n');
}

/** Remotes with no active version: what `npm start` deploys before serving. */
export function undeployedRemotes({ deployments }: RemoteHistory): RemoteName[] {
  return REMOTE_NAMES.filter(
    (name) => !deployments.some((deployment) => deployment.name === name && deployment.active),
  );
}

export function seedSummary({ created }: { created: boolean }): string {
  if (!created)
    return 'The database already has organizations: nothing seeded (use --reset to recreate the demo).';
  const accounts = DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(20)} ${account.authorities}`);
  return [
    'Demo organization "Demo" created with these accounts (password: DEMO_PASSWORD):',
    ...accounts,
  ].join('\n');
}

/** What `npm run audit:verify` prints; `intact` false makes the command fail. */
export function auditVerificationSummary({ entries, problems }: AuditVerification): {
  intact: boolean;
  text: string;
} {
  if (problems.length === 0)
    return { intact: true, text: `Access audit trail intact: ${entries} chained entries verified.` };
  const lines = problems.map(
    ({ organizationId, entryId, problem }) =>
      `  ${organizationId === null ? 'platform' : `organization ${organizationId}`}: ${
        entryId === null ? 'the chain' : `entry ${entryId}`
      } ${problem}`,
  );
  return {
    intact: false,
    text: [
      `Access audit trail NOT intact: ${problems.length} problem(s) in ${entries} chained entries.`,
      ...lines,
    ].join('\n'),
  };
}
