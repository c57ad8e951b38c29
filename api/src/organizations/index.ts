/** Organizations: the owner's own profile and the super-admin's list. */
export { organizationsRoutes as organizationsPlugin } from './organizations-routes';
