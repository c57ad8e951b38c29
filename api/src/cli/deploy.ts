import { spawn } from 'node:child_process';
import { access, chmod, cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { remoteVersion, type RemoteName } from '@formularze/domain/schemas';
import { REPO_ROOT, type Config } from '../core/config';
import type { RegistrationResult } from '../remotes/registry-service';
import { CliError } from './cli-error';
import { contentHash } from './content-hash';
import type { RegistryAccess } from './registry';

export interface DeployOptions {
  remote: RemoteName;
  /** Publish the remote's existing `dist/` instead of building it. */
  skipBuild: boolean;
  config: Pick<Config, 'deploymentsDir' | 'remotesBaseUrl'>;
  registry: RegistryAccess;
  deployedBy: string;
  /** The repository holding the remote's package folder. */
  repoRoot?: string;
}

export interface Deployment {
  version: string;
  manifestUrl: string;
  result: RegistrationResult;
}

/** `npm run deploy (root@host)`: who changed the registry, and with which command. */
export function operatorName(command: string): string {
  return `${command} (${os.userInfo().username}@${os.hostname()})`;
}

function runWebpack(packageDir: string, outputPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Output streams straight to the operator's terminal.
    const child = spawn('npx', ['webpack', '--mode', 'production', '--output-path', outputPath], {
      cwd: packageDir,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new CliError(`The build of ${path.basename(packageDir)} failed (exit code ${code}).`)),
    );
  });
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Copies a build into its version folder. An existing folder already holds this exact content
 * (the version names its hash), so it is left alone; a new one appears complete or not at all.
 */
async function publish(buildDir: string, target: string): Promise<void> {
  if (await exists(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  await cp(buildDir, partial, { recursive: true });
  // A fresh build folder is private (mkdtemp makes it 0700); whoever serves deployments must read it.
  await chmod(partial, 0o755);
  await rename(partial, target);
}

async function packageVersion(packageDir: string): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return version;
}

/** Builds one remote, publishes it under `DEPLOYMENTS_DIR/<remote>/<version>/` and activates it. */
export async function deployRemote({
  remote,
  skipBuild,
  config,
  registry,
  deployedBy,
  repoRoot = REPO_ROOT,
}: DeployOptions): Promise<Deployment> {
  const packageDir = path.join(repoRoot, remote);
  const buildDir = skipBuild
    ? path.join(packageDir, 'dist')
    : await mkdtemp(path.join(os.tmpdir(), `${remote}-`));
  try {
    if (!skipBuild) {
      await runWebpack(packageDir, buildDir);
    } else if (!(await exists(path.join(buildDir, 'mf-manifest.json')))) {
      throw new CliError(`${remote} has no build in ${buildDir}; deploy it without --skip-build.`);
    }
    const pkgVersion = await packageVersion(packageDir);
    const version = `${pkgVersion}+${await contentHash(buildDir)}`;
    if (!remoteVersion.safeParse(version).success) {
      throw new CliError(`${remote}/package.json has version "${pkgVersion}", which is not x.y.z semver.`);
    }
    await publish(buildDir, path.join(config.deploymentsDir, remote, version));
    const manifestUrl = `${config.remotesBaseUrl}/${remote}/${version}/mf-manifest.json`;
    const result = await registry.register({
      name: remote,
      version,
      manifestUrl,
      deployedBy,
      activate: true,
    });
    return { version, manifestUrl, result };
  } finally {
    if (!skipBuild) await rm(buildDir, { recursive: true, force: true });
  }
}
