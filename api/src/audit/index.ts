/** The access audit trail (ADR 415): recording, chaining and verifying, and its screens' routes. */
export { auditRoutes as auditPlugin } from './audit-routes';
