import type { RemoteHistory } from '@formularze/domain/schemas';
import type {
  AuditVerification,
  OperatorActivateBody,
  OperatorRegisterBody,
} from '../operator/operator-schemas';
import type { ActivationResult, RegistrationResult } from '../remotes/registry-service';

/** The registry as the CLI uses it, whether through the running server or straight in the database. */
export interface RegistryAccess {
  /** Where changes go, for the operator's information. */
  readonly via: string;
  register(body: OperatorRegisterBody): Promise<RegistrationResult>;
  activate(name: string, body: OperatorActivateBody): Promise<ActivationResult>;
  history(): Promise<RemoteHistory>;
  seed(reset: boolean): Promise<{ created: boolean }>;
  /** Walks the access audit trail's chains (ADR 415). */
  verifyAudit(): Promise<AuditVerification>;
  close(): Promise<void>;
}
