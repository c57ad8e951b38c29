import { sql, type Kysely } from 'kysely';
import { UPCOMING_DAYS, type ReminderOutcome } from '@formularze/domain/schemas/adherence';
import type { Database, OutboxChannel } from '../db/schema';
import { SCHEDULE_TIME_ZONE } from '../core/schedule-time-zone';
import { enqueueMessage } from '../outbox/outbox-repository';
import {
  REMINDER_SUBJECT,
  reminderRecipient,
  reminderText,
  upcomingReminderText,
} from '../jobs/fill-reminders';
import type { AdherenceForms } from './adherence-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AdherenceRemindersRequest {
  organizationId: number;
  senderId: number;
  forms: AdherenceForms;
  personIds: number[];
  now: Date;
}

export interface ReminderResult {
  personId: number;
  outcome: ReminderOutcome;
  channel: OutboxChannel | null;
}

interface Recipient {
  id: number;
  email: string | null;
  phone: string | null;
  preferred_channel: 'mail' | 'phone' | null;
  enable_reminders: boolean;
}

interface UnfilledSlot {
  user_id: number;
  bag_id: number;
  name: string;
  starts_at: Date;
  ends_at: Date;
}

/**
 * What a patient is reminded of: each form with a window open now (its nearest deadline), or,
 * when none is open, the next window that opens. Slots come ordered by start.
 */
function messageOf(slots: UnfilledSlot[], now: Date): { body: string; bagIds: number[] } | null {
  const open = new Map<number, UnfilledSlot>();
  for (const slot of slots) {
    const known = open.get(slot.bag_id);
    if (slot.starts_at <= now && (!known || slot.ends_at < known.ends_at)) open.set(slot.bag_id, slot);
  }
  if (open.size > 0) {
    const chosen = [...open.values()];
    return {
      body: chosen.map((slot) => reminderText(slot.name, slot.ends_at)).join('\n'),
      bagIds: chosen.map((slot) => slot.bag_id),
    };
  }
  const next = slots[0];
  if (!next) return null;
  return { body: upcomingReminderText(next.name, next.starts_at, next.ends_at), bagIds: [next.bag_id] };
}

/**
 * Reminds the chosen patients of a form's or project's grid now (ADR 309): one message each,
 * through the outbox that sends the scheduled reminders, by the patient's preferred channel. A
 * patient who turned reminders off or has nothing to fill is skipped; one
 * reminded today already is skipped too (the unique day of `adherence_reminders`, claimed in the
 * transaction that queues the message, so concurrent senders queue one). Patients outside the
 * grid (another form's, another organization's) have nothing to fill here.
 */
export async function sendAdherenceReminders(
  db: Kysely<Database>,
  { organizationId, senderId, forms, personIds, now }: AdherenceRemindersRequest,
): Promise<ReminderResult[]> {
  const ofForms = 'bagId' in forms ? sql`f.bag_id = ${forms.bagId}` : sql`f.group_id = ${forms.groupId}`;
  const until = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS);
  const [{ rows: recipients }, { rows: slots }] = await Promise.all([
    sql<Recipient>`
      select id, email, phone, preferred_channel, enable_reminders from users
      where id = any(${personIds}::int[]) and organization_id = ${organizationId} and removed_at is null
    `.execute(db),
    sql<UnfilledSlot>`
      select s.user_id, f.bag_id, f.name, s.starts_at, s.ends_at
      from scheduled_forms s
      join forms f on f.id = s.form_id
      join form_access a on a.form_id = s.form_id and a.user_id = s.user_id
      where ${ofForms} and f.organization_id = ${organizationId} and f.status = 'ACTIVE'
        and s.user_id = any(${personIds}::int[])
        and s.ends_at > ${now} and s.starts_at <= ${until}
        and not exists (
          select 1 from form_data d
          where d.scheduled_form_id = s.id and d.state = 'COMPLETED' and d.removed_at is null
        )
      order by s.starts_at, s.id
    `.execute(db),
  ]);

  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  return db.transaction().execute(async (trx) => {
    const results: ReminderResult[] = [];
    for (const personId of new Set(personIds)) {
      const person = byId.get(personId);
      const message =
        person &&
        messageOf(
          slots.filter((slot) => slot.user_id === personId),
          now,
        );
      const skipped = (outcome: ReminderOutcome) => results.push({ personId, outcome, channel: null });
      if (!person || !message) {
        skipped('NOTHING_TO_FILL');
        continue;
      }
      if (!person.enable_reminders) {
        skipped('REMINDERS_OFF');
        continue;
      }
      const recipient = reminderRecipient(person);
      // Never null: a live account keeps an e-mail address or a phone (`users_login_present`).
      if (!recipient) throw new Error(`person ${personId} has no contact`);
      const claimed = await trx
        .insertInto('adherence_reminders')
        .values({
          organization_id: organizationId,
          user_id: personId,
          sent_by: senderId,
          sent_on: sql<string>`(${now}::timestamptz at time zone ${SCHEDULE_TIME_ZONE})::date`,
          sent_at: now,
          channel: recipient.channel,
          bag_ids: message.bagIds,
        })
        .onConflict((conflict) => conflict.columns(['organization_id', 'user_id', 'sent_on']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) {
        skipped('ALREADY_REMINDED');
        continue;
      }
      await enqueueMessage(trx, { ...recipient, subject: REMINDER_SUBJECT, body: message.body });
      results.push({ personId, outcome: 'SENT', channel: recipient.channel });
    }
    return results;
  });
}
