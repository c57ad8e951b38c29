import { z } from 'zod';
import {
  activateRemoteBody,
  activeRemote,
  registerDeploymentBody,
  remoteDeployment,
  remoteName,
} from '@formularze/domain/schemas';

const operator = z.string().min(1).max(200);

export const operatorRegisterBody = z.object({ ...registerDeploymentBody.shape, name: remoteName });
export type OperatorRegisterBody = z.input<typeof operatorRegisterBody>;

export const operatorActivateBody = z.object({ ...activateRemoteBody.shape, activatedBy: operator });
export type OperatorActivateBody = z.infer<typeof operatorActivateBody>;

export const registrationResult = z.object({
  deployment: remoteDeployment,
  active: z.nullable(activeRemote),
});

export const activationResult = z.object({ previous: z.nullable(activeRemote), active: activeRemote });

export const seedBody = z.object({ reset: z.boolean().default(false) });
export const seedResult = z.object({ created: z.boolean() });

/** `npm run audit:verify`: the chained entries walked, and what was found wrong with the chains. */
export const auditVerification = z.object({
  entries: z.number(),
  problems: z.array(
    z.object({
      organizationId: z.nullable(z.number()),
      entryId: z.nullable(z.number()),
      problem: z.enum(['changed', 'removed before', 'newest removed', 'left unchained']),
    }),
  ),
});
export type AuditVerification = z.infer<typeof auditVerification>;
