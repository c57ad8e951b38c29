/** Who signs in at which door: patients at /api/auth, staff (and the platform admin) at /employees/v1. */
export const PATIENT_ROLES = ['ROLE_USER'] as const;
export const EMPLOYEE_ROLES = ['ROLE_OWNER', 'ROLE_EDITOR', 'ROLE_ADMIN'] as const;
