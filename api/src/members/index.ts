/** An organization's members: staff and patients, their roles and accounts. */
export { membersRoutes as membersPlugin } from './members-routes';
