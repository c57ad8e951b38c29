/** Staff members' API keys, managed from a password session only. */
export { apiKeysRoutes as apiKeysPlugin } from './api-keys-routes';
