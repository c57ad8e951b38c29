import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, type RunningProduct } from './product.js';

/**
 * Deploys `remote` as a new release through the operator CLI: its package version bumped for the
 * build (so the build, and the version the registry records, differ from the one deployed at
 * start), then restored. Returns the bumped package version. `build: false` publishes the existing
 * build under the bumped version instead: the same code at its own address, in seconds rather
 * than a webpack run, for tests where only the registry's versions matter.
 */
export async function deployBumpedRelease(
  product: RunningProduct,
  remote: string,
  { build = true }: { build?: boolean } = {},
): Promise<string> {
  const manifestPath = path.join(repoRoot, remote, 'package.json');
  const original = readFileSync(manifestPath, 'utf8');
  const pkg = JSON.parse(original) as { version: string };
  const [major, minor, patch] = pkg.version.split('.').map(Number);
  const bumped = `${major}.${minor}.${patch! + 1}`;
  writeFileSync(manifestPath, original.replace(`"version": "${pkg.version}"`, `"version": "${bumped}"`));
  try {
    const deployed = await product.operator('deploy', remote, ...(build ? [] : ['--skip-build']));
    assert.equal(deployed.code, 0, deployed.output);
  } finally {
    writeFileSync(manifestPath, original);
  }
  return bumped;
}
