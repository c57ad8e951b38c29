import { createHmac } from 'node:crypto';
import https from 'node:https';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { TokenCipher } from '../core/token-cipher';
import { webhookSecretOf } from './webhook-secrets';
import { guardedConnection } from './webhook-address';

/** The event of `formDataCreatedWebhookUrl`: a filled form was submitted. */
export const FORM_DATA_CREATED_EVENT = 'formData.created';

/** Minutes before each retry; after the last one a delivery is given up. */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 720] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_MINUTES.length + 1;
const ATTEMPT_TIMEOUT_MS = 5000;
const BATCH_SIZE = 10;
/** A claimed delivery is not due for another process until this has passed (well over a timeout). */
const CLAIM_MS = 60_000;

/** What the receiver gets (`X-Formularze-Event: formData.created`). */
export interface FormDataCreatedBody {
  event: typeof FORM_DATA_CREATED_EVENT;
  formDataId: number;
  form: { id: number; name: string };
  filledBy: { id: number };
  completedAt: string;
  answers: unknown;
  totalWeight: number | null;
  color: string | null;
  text: string | null;
}

/**
 * Queues the webhook call for form data that has just been submitted, when its organization has a
 * `formDataCreatedWebhookUrl`. Call it in the transaction that completes the form data: the call
 * is made exactly when the submission is committed, and by the background job, so the submission
 * never waits for the receiver.
 */
export async function queueFormDataCreatedWebhook(
  trx: Transaction<Database>,
  formDataId: number,
): Promise<void> {
  const row = await trx
    .selectFrom('form_data as d')
    .innerJoin('forms as f', 'f.id', 'd.form_id')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select([
      'd.id',
      'd.organization_id',
      'd.user_id',
      'd.answers',
      'd.total_weight',
      'd.color',
      'd.text',
      'd.completed_at',
      'f.id as form_id',
      'f.name as form_name',
    ])
    .where('d.id', '=', formDataId)
    .where('d.state', '=', 'COMPLETED')
    .where('o.form_data_created_webhook_url', 'is not', null)
    .executeTakeFirst();
  if (!row?.completed_at) return;
  const body: FormDataCreatedBody = {
    event: FORM_DATA_CREATED_EVENT,
    formDataId: row.id,
    form: { id: row.form_id, name: row.form_name },
    filledBy: { id: row.user_id },
    completedAt: row.completed_at.toISOString(),
    answers: row.answers,
    totalWeight: row.total_weight,
    color: row.color,
    text: row.text,
  };
  await trx
    .insertInto('webhook_deliveries')
    .values({
      organization_id: row.organization_id,
      event: FORM_DATA_CREATED_EVENT,
      body: JSON.stringify(body),
      next_attempt_at: row.completed_at,
    })
    .execute();
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact body, keyed by the organization's webhook secret (as text). */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface WebhookOptions {
  /** Per attempt; no answer by then is a failure. */
  timeoutMs?: number;
  /** Extra trusted certificate authorities (tests use a local one). */
  ca?: string;
  /** Networks (CIDR) an internal receiver may be in (`WEBHOOK_INTERNAL_NETWORKS`); none by default. */
  internalNetworks?: readonly string[];
  /** Opens the organizations' sealed signing secrets (jobs/webhook-secrets.ts). */
  cipher: TokenCipher;
}

type AttemptOptions = { timeoutMs: number; ca?: string; internalNetworks: readonly string[] };

/** The status code of the receiver's answer; throws when there was none or its address is refused. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, ca, internalNetworks }: AttemptOptions,
): Promise<number> {
  const connection = guardedConnection(url, internalNetworks);
  if ('refused' in connection) return Promise.reject(connection.refused);
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Formularze-Webhook', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
        lookup: connection.lookup,
        ...(ca && { ca }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs} ms`) : error),
    );
    request.end(body);
  });
}

async function attempt(
  delivery: { id: number; event: string; body: string; url: string | null; secret: string },
  options: AttemptOptions,
): Promise<string | null> {
  if (!delivery.url) return 'the organization has no webhook address any more';
  try {
    const status = await post(
      delivery.url,
      delivery.body,
      {
        'x-formularze-event': delivery.event,
        'x-formularze-delivery': String(delivery.id),
        'x-formularze-signature': webhookSignature(delivery.secret, delivery.body),
      },
      options,
    );
    return status >= 200 && status < 300 ? null : `answered HTTP ${status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Makes the due webhook calls. Deliveries are claimed in a short transaction (`FOR UPDATE SKIP
 * LOCKED`, then pushed ahead by a claim period) and called outside it, so no database lock is held
 * while a receiver answers. A 2xx answer delivers; anything else (other status, error, no answer
 * within the timeout) is retried after 1, 5, 30, 120 and 720 minutes, then the delivery is given
 * up (`failed_at`). Returns how many calls were made.
 */
export async function deliverDueWebhooks(
  db: Kysely<Database>,
  now: Date,
  { timeoutMs = ATTEMPT_TIMEOUT_MS, ca, internalNetworks = [], cipher }: WebhookOptions,
): Promise<number> {
  const claimed = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'organization_id', 'event', 'body', 'attempts'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(BATCH_SIZE)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS) })
        .where(
          'id',
          'in',
          due.map((delivery) => delivery.id),
        )
        .execute();
    }
    return due;
  });
  if (!claimed.length) return 0;
  const organizations = new Map(
    (
      await db
        .selectFrom('organizations')
        .select(['id', 'form_data_created_webhook_url as url'])
        .where('id', 'in', [...new Set(claimed.map((delivery) => delivery.organization_id))])
        .execute()
    ).map((organization) => [organization.id, organization]),
  );
  await Promise.all(
    claimed.map(async (delivery) => {
      // The organization exists: its deliveries are deleted with it.
      const { url } = organizations.get(delivery.organization_id)!;
      const secret = await webhookSecretOf(db, cipher, delivery.organization_id);
      const error = await attempt({ ...delivery, url, secret }, { timeoutMs, ca, internalNetworks });
      const attempts = delivery.attempts + 1;
      const retryMinutes = WEBHOOK_RETRY_MINUTES[attempts - 1];
      await db
        .updateTable('webhook_deliveries')
        .set(
          error === null
            ? { attempts, delivered_at: now, next_attempt_at: null, last_error: null }
            : {
                attempts,
                last_error: error,
                ...(retryMinutes === undefined
                  ? { next_attempt_at: null, failed_at: now }
                  : { next_attempt_at: new Date(now.getTime() + retryMinutes * 60_000) }),
              },
        )
        .where('id', '=', delivery.id)
        .execute();
    }),
  );
  return claimed.length;
}
