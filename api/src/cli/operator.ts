import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../core/config';
import { runAsSystem } from '../db/tenant-scope';
import { AppError } from '../core/errors';
import { CliError } from './cli-error';
import {
  auditVerificationSummary,
  formatRemotesTable,
  parseRemote,
  parseVersion,
  rollbackRemote,
  seedSummary,
  undeployedRemotes,
} from './commands';
import { deployRemote, operatorName, type Deployment } from './deploy';
import type { RegistryAccess } from './registry';
import { connectRegistry } from './registry-access';

const USAGE = `Usage: npm run <command> -- <arguments>   (or: npm run operator -w api -- <command> <arguments>)

  deploy <remote> [--skip-build]   build a remote, publish it as a new version and activate it
  rollback <remote> [<version>]    activate <version>, or the previously active version
  remotes                          list every remote's versions and which one is active
  ensure-deployed [--skip-build]   deploy the remotes that have no active version
  seed [--reset]                   create the demo organization and accounts
  audit-verify                     check the access audit trail's hash chains (npm run audit:verify)

Remotes: mfe-auth, mfe-forms-builder, mfe-filling, mfe-results, mfe-admin`;

interface Flags {
  skipBuild: boolean;
  reset: boolean;
}

async function withRegistry(
  command: (registry: RegistryAccess, config: Config) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const registry = await connectRegistry(config);
  try {
    await command(registry, config);
  } finally {
    await registry.close();
  }
}

function deploymentSummary({ version, manifestUrl, result }: Deployment, registry: RegistryAccess): string {
  return [
    `Deployed ${result.deployment.name} ${version} via ${registry.via}.`,
    `  ${manifestUrl}`,
    'Active now: the shell loads it on the next page load.',
  ].join('\n');
}

const COMMANDS: Record<string, (args: string[], flags: Flags) => Promise<void>> = {
  async deploy([name], { skipBuild }) {
    const remote = parseRemote(name);
    await withRegistry(async (registry, config) => {
      const deployedBy = operatorName('npm run deploy');
      const deployment = await deployRemote({ remote, skipBuild, config, registry, deployedBy });
      console.log(deploymentSummary(deployment, registry));
    });
  },

  async rollback([name, versionArg]) {
    const remote = parseRemote(name);
    const version = parseVersion(versionArg);
    await withRegistry(async (registry) => {
      const activatedBy = operatorName('npm run rollback');
      const started = performance.now();
      const { summary } = await rollbackRemote(registry, { remote, version, activatedBy });
      const took = Math.round(performance.now() - started);
      console.log(`${summary} in ${took} ms (via ${registry.via})`);
    });
  },

  async remotes() {
    await withRegistry(async (registry) => console.log(formatRemotesTable(await registry.history())));
  },

  async 'ensure-deployed'(_args, { skipBuild }) {
    await withRegistry(async (registry, config) => {
      const missing = undeployedRemotes(await registry.history());
      if (!missing.length) console.log('Every remote has an active version.');
      for (const remote of missing) {
        console.log(`${remote} has no active version: deploying it.`);
        const deployedBy = operatorName('npm start');
        console.log(
          deploymentSummary(
            await deployRemote({ remote, skipBuild, config, registry, deployedBy }),
            registry,
          ),
        );
      }
    });
  },

  async seed(_args, { reset }) {
    await withRegistry(async (registry) => console.log(seedSummary(await registry.seed(reset))));
  },

  async 'audit-verify'() {
    await withRegistry(async (registry) => {
      const { intact, text } = auditVerificationSummary(await registry.verifyAudit());
      console.log(text);
      if (!intact) process.exitCode = 1;
    });
  },
};

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'skip-build': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
    },
  });
  const [command, ...args] = positionals;
  if (!command || command === 'help') {
    console.log(USAGE);
    return;
  }
  const handler = COMMANDS[command];
  if (!handler) throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  await handler(args, { skipBuild: values['skip-build'], reset: values.reset });
}

function isUsageError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS_');
}

// The operator's commands act on the whole platform: when they reach the database directly (no
// server running), they do so in the system scope (db/tenant-scope.ts).
runAsSystem(() => run(process.argv.slice(2))).catch((error: unknown) => {
  if (error instanceof AppError) console.error(`Error: ${error.operatorMessage}`);
  else if (error instanceof CliError || error instanceof ConfigError)
    console.error(`Error: ${error.message}`);
  else if (isUsageError(error)) console.error(`Error: ${error.message}\n\n${USAGE}`);
  else console.error(error);
  process.exitCode = 1;
});
