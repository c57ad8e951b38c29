import type { AdherenceRemindersResponse, ReminderOutcome } from '@formularze/domain/schemas/adherence';
import { countOf, type PolishPluralForms } from '@formularze/domain/schemas/plural';

// After "Pominięto": the genitive.
const PATIENTS: PolishPluralForms = { one: 'pacjenta', few: 'pacjentów', many: 'pacjentów' };
const REMINDERS: PolishPluralForms = { one: 'przypomnienie', few: 'przypomnienia', many: 'przypomnień' };

/** Why a patient got no reminder, as the summary names it. */
const SKIP_REASONS: Record<Exclude<ReminderOutcome, 'SENT'>, string> = {
  ALREADY_REMINDED: 'przypomnienie wysłane już dziś',
  REMINDERS_OFF: 'przypomnienia wyłączone w profilu',
  NOTHING_TO_FILL: 'brak terminu do wypełnienia',
};

/** "Wysłano 2 przypomnienia. Pominięto 1 pacjenta: przypomnienie wysłane już dziś (1)." */
export function remindersSummary(results: AdherenceRemindersResponse['results']): string {
  const sent = results.filter((result) => result.outcome === 'SENT').length;
  const skipped = new Map<string, number>();
  for (const { outcome } of results) {
    if (outcome !== 'SENT') skipped.set(SKIP_REASONS[outcome], (skipped.get(SKIP_REASONS[outcome]) ?? 0) + 1);
  }
  const summary = [`Wysłano ${countOf(sent, REMINDERS)}.`];
  if (skipped.size > 0) {
    const reasons = [...skipped].map(([reason, count]) => `${reason} (${count})`).join(', ');
    summary.push(`Pominięto ${countOf(results.length - sent, PATIENTS)}: ${reasons}.`);
  }
  return summary.join(' ');
}

/** The confirmation's question: "Wysłać przypomnienie 3 pacjentom?" */
export function remindersQuestion(count: number): string {
  const whom = count === 1 ? 'pacjentowi' : 'pacjentom';
  return `Wysłać przypomnienie ${count} ${whom}?`;
}
