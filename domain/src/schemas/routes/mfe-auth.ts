import { route } from './route';

/** The accounts area: signing in, registration, passwords, the profile, help. */
export const AUTH_ROUTES = {
  login: route('/login', { permission: 'login:view' }),
  employeeLogin: route('/login-employee', { permission: 'login:view' }),
  register: route('/register', { permission: 'register:view' }),
  passwordReset: route('/password-reset', { permission: 'password-reset-email:view' }),
  employeePasswordReset: route('/password-employee-reset', { permission: 'password-reset-email:view' }),
  resetLink: route('/password-reset-link', { permission: 'password-reset-email-link-expired:view' }),
  resetLinkExpired: route('/password-reset-link-expired', {
    permission: 'password-reset-email-link-expired:view',
  }),
  setNewPassword: route('/password-set-new/:token', { permission: 'password-reset-email-link-expired:view' }),
  passwordChange: route('/password-change', { permission: 'passwordChangePage:view' }),
  profile: route('/profile', { permission: 'profilePage:view' }),
  apiKeys: route('/profile/api-keys', { permission: 'apikeys' }),
  help: route('/help', { permission: 'help:view' }),
  about: route('/about', { permission: 'about:view' }),
};
