import { z } from 'zod';
import {
  activateRemoteBody,
  activeRemote,
  registerDeploymentBody,
  remoteDeployment,
  remoteName,
} from 'shared-ui/schemas';

/** The header that carries the token from `DATA_DIR/server.json`. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

const operator = z.string().min(1).max(200);

export const operatorRegisterBody = registerDeploymentBody.extend({ name: remoteName });
export type OperatorRegisterBody = z.input<typeof operatorRegisterBody>;

export const operatorActivateBody = activateRemoteBody.extend({ activatedBy: operator });
export type OperatorActivateBody = z.infer<typeof operatorActivateBody>;

export const registrationResult = z.object({ deployment: remoteDeployment, active: activeRemote.nullable() });

export const activationResult = z.object({ previous: activeRemote.nullable(), active: activeRemote });

export const seedBody = z.object({ reset: z.boolean().default(false) });
export const seedResult = z.object({ created: z.boolean() });
