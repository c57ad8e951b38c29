/** The remote registry: the versions the shell loads, their deployments and rollbacks. */
export { registryRoutes as remotesPlugin } from './registry-routes';
export { createManifestVerifier, type ManifestVerifier } from './manifest-verifier';
