import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { FillReminder } from '@formularze/domain/schemas/forms';
import type { Database, OutboxChannel } from '../db/schema';
import { SCHEDULE_WALL_CLOCK_MINUTES } from '../core/schedule-time-zone';
import { enqueueMessage } from '../outbox/outbox-repository';
import { slotSubmitted } from './slot-submission';

/**
 * The moments a form's reminders fall on for a slot ending at `endsAt`. A reminder is "how many
 * notifications" (`notification`, "Liczba powiadomień") within the last `timeBeforeEnd` minutes:
 * the first that many minutes before the end, the others spread evenly after it (2 × 60 min:
 * 60 and 30 minutes before the end). Equal moments of different reminders count once.
 */
export function reminderMoments(reminders: FillReminder[], endsAt: Date): Date[] {
  const moments = new Set<number>();
  for (const { notification, timeBeforeEnd } of reminders) {
    for (let sent = 0; sent < notification; sent += 1) {
      const minutesBeforeEnd = (timeBeforeEnd * (notification - sent)) / notification;
      moments.add(endsAt.getTime() - Math.round(minutesBeforeEnd * 60_000));
    }
  }
  return [...moments].sort((a, b) => a - b).map((moment) => new Date(moment));
}

const deadlineFormat = new Intl.DateTimeFormat('pl-PL', SCHEDULE_WALL_CLOCK_MINUTES);

/** `HH:mm dd.MM.yyyy` on the organization's (Polish) wall clock. */
export function formatDeadline(instant: Date): string {
  const part = Object.fromEntries(deadlineFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.hour}:${part.minute} ${part.day}.${part.month}.${part.year}`;
}

export const reminderText = (formName: string, endsAt: Date) =>
  `Przypomnienie: formularz „${formName}” czeka na wypełnienie do ${formatDeadline(endsAt)}.`;

/** The same for a slot whose window has not opened yet. */
export const upcomingReminderText = (formName: string, startsAt: Date, endsAt: Date) =>
  `Przypomnienie: formularz „${formName}” będzie czekał na wypełnienie od ${formatDeadline(startsAt)} do ${formatDeadline(endsAt)}.`;

export const REMINDER_SUBJECT = 'Przypomnienie o formularzu';

/** The person's preferred channel when they have that contact, else the other one they have. */
export function reminderRecipient(person: {
  email: string | null;
  phone: string | null;
  preferred_channel: 'mail' | 'phone' | null;
}): { channel: OutboxChannel; recipient: string } | null {
  const byMail = person.email ? { channel: 'mail' as const, recipient: person.email } : null;
  const bySms = person.phone ? { channel: 'sms' as const, recipient: person.phone } : null;
  return person.preferred_channel === 'phone' ? (bySms ?? byMail) : (byMail ?? bySms);
}

/** The slot has no submitted answers. */
const notFilled = ({ not, ref }: ExpressionBuilder<Database, 'scheduled_forms'>) =>
  not(slotSubmitted(ref('scheduled_forms.id')));

/**
 * Sends the fill reminders that are due: for each open, unfilled slot of an active form with
 * reminders, assigned to a person who has reminders on (profile `enableReminders`), the latest
 * moment that has come is sent once. Its `slot_reminders` row is inserted in the transaction that
 * queues the message, so concurrent runs never send it twice; moments missed while no server ran
 * are not sent late one after another (only the latest counts). Returns how many were queued.
 */
export async function sendDueReminders(db: Kysely<Database>, now: Date): Promise<number> {
  const open = await db
    .selectFrom('scheduled_forms')
    .innerJoin('forms as f', 'f.id', 'scheduled_forms.form_id')
    .innerJoin('users as u', 'u.id', 'scheduled_forms.user_id')
    .innerJoin('form_access as a', (join) =>
      join
        .onRef('a.form_id', '=', 'scheduled_forms.form_id')
        .onRef('a.user_id', '=', 'scheduled_forms.user_id'),
    )
    .select([
      'scheduled_forms.id',
      'scheduled_forms.ends_at',
      'f.name',
      'f.settings',
      'u.email',
      'u.phone',
      'u.preferred_channel',
    ])
    .where('scheduled_forms.starts_at', '<=', now)
    .where('scheduled_forms.ends_at', '>', now)
    .where('f.status', '=', 'ACTIVE')
    .where(sql<boolean>`jsonb_array_length(f.settings -> 'fillReminders') > 0`)
    .where('u.removed_at', 'is', null)
    .where('u.enable_reminders', '=', true)
    .where(notFilled)
    // Slots in the order they were made, so the messages of one run are queued in a steady order.
    .orderBy('scheduled_forms.id')
    .execute();

  let queued = 0;
  for (const slot of open) {
    const due = reminderMoments(slot.settings.fillReminders, slot.ends_at).filter((moment) => moment <= now);
    const latest = due.at(-1);
    const recipient = reminderRecipient(slot);
    if (!latest || !recipient) continue;
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('slot_reminders')
        .values({ scheduled_form_id: slot.id, remind_at: latest })
        .onConflict((conflict) => conflict.columns(['scheduled_form_id', 'remind_at']).doNothing())
        .returning('scheduled_form_id')
        .executeTakeFirst();
      if (!claimed) return false;
      // Submitted since the slots were read: the claim stays, nothing is sent.
      const stillOpen = await trx
        .selectFrom('scheduled_forms')
        .select('id')
        .where('id', '=', slot.id)
        .where(notFilled)
        .executeTakeFirst();
      if (!stillOpen) return false;
      await enqueueMessage(trx, {
        ...recipient,
        subject: REMINDER_SUBJECT,
        body: reminderText(slot.name, slot.ends_at),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
