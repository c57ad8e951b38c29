import { FILLING_ROUTES } from './mfe-filling';
import { pathTo, route } from './route';

/** The administration area: the platform operator's panel, members, terms, settings. */
export const ADMIN_ROUTES = {
  adminLogin: route('/admin-panel/login'),
  adminPanel: route('/admin-panel'),
  /** The super-admin's platform events (ADR 418), behind the panel's own sign-in. */
  platformEvents: route('/admin-panel/events'),
  members: route('/persons', { permission: 'admin:fetchOrgUsers' }),
  editPerson: route('/persons/:personId', {
    permission: 'editor:editPerson',
    deniedRedirect: pathTo(FILLING_ROUTES.dashboard),
  }),
  addPerson: route('/person/add', { permission: 'add-persons-page:view' }),
  terms: route('/terms', { permission: 'terms-page:view' }),
  /** The organization's access audit trail (ADR 415). */
  accessLog: route('/access-log', { permission: 'access-log:view' }),
  settings: route('/settings', { permission: 'adminSettings:view' }),
};
