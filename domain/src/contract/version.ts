/**
 * Version of the shell contract. Imported through `@formularze/domain/contract-version`, which is never a
 * shared module, so each remote carries the value it was built with and the shell can refuse a
 * remote built for another major version.
 */
export const SHELL_CONTRACT_VERSION = '1.4.0';

export function contractMajor(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '', 10);
}

export function isContractCompatible(shellVersion: string, remoteVersion: string): boolean {
  const shellMajor = contractMajor(shellVersion);
  return Number.isFinite(shellMajor) && shellMajor === contractMajor(remoteVersion);
}
