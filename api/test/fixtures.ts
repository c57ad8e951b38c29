import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@formularze/domain/schemas';

export interface FixtureOptions {
  /** The container name written into the manifest; `mfe-auth` builds as `mfe_auth`. */
  containerName?: string;
  exposes?: string[];
  publicPath?: string;
  withRemoteEntry?: boolean;
}

/** An mf-manifest.json shaped like those @module-federation/enhanced 2.9 writes for our remotes. */
export function federationManifestFixture(
  name: RemoteName,
  {
    containerName = name.replaceAll('-', '_'),
    exposes = ['./app'],
    publicPath = 'auto',
  }: FixtureOptions = {},
) {
  return {
    id: containerName,
    name: containerName,
    metaData: {
      name: containerName,
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: containerName,
      pluginVersion: '2.9.2',
      publicPath,
    },
    shared: [],
    remotes: [],
    exposes: exposes.map((expose) => ({
      id: `${containerName}:${expose.slice(2)}`,
      name: expose.slice(2),
      assets: {
        js: {
          sync: ['646.80280f349a.js', `__federation_expose_${expose.slice(2)}.e563bad0c8.js`],
          async: ['322.83b7107288.js'],
        },
        css: { sync: [], async: [] },
      },
      path: expose,
    })),
  };
}

/**
 * Writes a deployed version's folder (manifest and remote entry) under `deploymentsDir` and
 * returns the manifest URL the registry would record for it.
 */
export async function writeDeployment(
  deploymentsDir: string,
  name: RemoteName,
  version: string,
  options: FixtureOptions = {},
): Promise<string> {
  const dir = path.join(deploymentsDir, name, version);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify(federationManifestFixture(name, options)),
  );
  if (options.withRemoteEntry !== false) {
    await writeFile(path.join(dir, 'remoteEntry.js'), `var ${name.replaceAll('-', '_')};/* ${version} */`);
  }
  return `/deployments/${name}/${version}/mf-manifest.json`;
}
