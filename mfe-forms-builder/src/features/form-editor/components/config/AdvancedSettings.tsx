import {
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  Subtitle2,
  Switch,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { Fragment, useState, type ReactNode } from 'react';
import {
  DEFAULT_ASSIGNMENT_DURATION,
  MAX_ASSIGNMENT_DURATION,
  type FillReminder,
  type FormSettings,
} from '@formularze/domain/schemas/forms';
import { CountInput } from './CountInput';
import { FormRulesEditor } from './FormRulesEditor';
import { clampAssignmentDuration } from './numbers';
import {
  reminderErrors,
  reminderLimitMinutes,
  settingsValid,
  type FormRuleDraft,
  type ScheduleWindows,
} from './rule-validation';
import { SMS_PLACEHOLDERS, WELCOME_SMS_PLACEHOLDERS } from './sms';
import { SmsMessageField } from './SmsMessageField';

/** The SMS and e-mail sent when a person is given the form, and when they are taken off it. */
const OCCASIONS = [
  {
    name: 'Powitalna',
    sms: 'welcomeSmsMessage',
    email: 'welcomeEmailMessage',
    placeholders: WELCOME_SMS_PLACEHOLDERS,
  },
  {
    name: 'Pożegnalna',
    sms: 'farewellSmsMessage',
    email: 'farewellEmailMessage',
    placeholders: SMS_PLACEHOLDERS,
  },
] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  reminder: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(10rem, 1fr)) auto',
    alignItems: 'end',
    gap: tokens.spacingHorizontalS,
  },
  add: { alignSelf: 'flex-start' },
  warning: { color: tokens.colorPaletteRedForeground1 },
});

export interface AdvancedSettingsProps {
  /** The form's settings (`formSettingsOf(payload)` of @formularze/domain/schemas/forms). */
  value: FormSettings;
  onChange(next: FormSettings): void;
  /** The schedule being edited: reminders may not start earlier than its shortest window (§5). */
  schedule: ScheduleWindows | null | undefined;
  /** The whole-form score rules; shown in the section when given with `onFormRulesChange`. */
  formRules?: readonly FormRuleDraft[];
  onFormRulesChange?(rules: FormRuleDraft[]): void;
  /** The schedule editor, shown in its own section of the advanced settings when given. */
  scheduleEditor?: ReactNode;
  /** Whether the settings are shown; uncontrolled (hidden at first) when left out. */
  expanded?: boolean;
  onExpandedChange?(expanded: boolean): void;
  disabled?: boolean;
  /** Show the messages of every rule (after a save attempt). */
  showValidation?: boolean;
}

const newReminder = (limit: number | null): FillReminder => ({
  notification: 1,
  timeBeforeEnd: Math.min(60, limit ?? 60),
});

/**
 * The form editor's advanced settings behind their toggle (§2): score rules, welcome and farewell
 * messages, reminders before the end of filling, the schedule, drafts and the default assignment
 * duration (§5 "Form settings").
 */
export function AdvancedSettings({
  value,
  onChange,
  schedule,
  formRules,
  onFormRulesChange,
  scheduleEditor,
  expanded: expandedProp,
  onExpandedChange,
  disabled,
  showValidation,
}: AdvancedSettingsProps) {
  const styles = useStyles();
  const [expandedState, setExpandedState] = useState(false);
  const expanded = expandedProp ?? expandedState;
  const limit = reminderLimitMinutes(schedule);
  const valid = settingsValid(value, schedule);
  const set = (patch: Partial<FormSettings>) => onChange({ ...value, ...patch });
  const setReminder = (index: number, reminder: FillReminder) =>
    set({ fillReminders: value.fillReminders.map((current, at) => (at === index ? reminder : current)) });

  return (
    <div className={styles.root}>
      <Switch
        label="Ustawienia zaawansowane"
        checked={expanded}
        onChange={(_event, data) => {
          setExpandedState(data.checked);
          onExpandedChange?.(data.checked);
        }}
      />
      {!expanded && !valid && (
        <Body1 className={styles.warning}>Ustawienia zaawansowane wymagają poprawy</Body1>
      )}
      {expanded && (
        <>
          {formRules && onFormRulesChange && (
            <div className={styles.section}>
              <Subtitle2 as="h3">Reguły punktowe</Subtitle2>
              <FormRulesEditor
                value={formRules}
                onChange={onFormRulesChange}
                disabled={disabled}
                showValidation={showValidation}
              />
            </div>
          )}

          <section aria-label="Wiadomości powitalne i pożegnalne" className={styles.section}>
            <Subtitle2 as="h3">Wiadomości powitalne i pożegnalne</Subtitle2>
            <Switch
              label="Wysyłaj wiadomości powitalne i pożegnalne"
              checked={value.welcomeFarewellMessages}
              disabled={disabled}
              onChange={(_event, data) => set({ welcomeFarewellMessages: data.checked })}
            />
            {value.welcomeFarewellMessages &&
              OCCASIONS.map(({ name, sms, email, placeholders }) => (
                <Fragment key={sms}>
                  <SmsMessageField
                    label={`${name} wiadomość SMS`}
                    value={value[sms]}
                    placeholders={placeholders}
                    maxLength={2000}
                    disabled={disabled}
                    onChange={(text) => set({ [sms]: text })}
                  />
                  <Field label={`${name} wiadomość e-mail`}>
                    <Textarea
                      value={value[email] ?? ''}
                      maxLength={2000}
                      resize="vertical"
                      disabled={disabled}
                      onChange={(_event, data) => set({ [email]: data.value })}
                    />
                  </Field>
                </Fragment>
              ))}
          </section>

          <section aria-label="Przypomnienia przed końcem wypełniania" className={styles.section}>
            <Subtitle2 as="h3">Przypomnienia przed końcem wypełniania</Subtitle2>
            {limit !== null && <Caption1>Najkrótsze okno wypełnienia: {limit} min</Caption1>}
            {value.fillReminders.length === 0 && <Body1>Brak przypomnień</Body1>}
            {value.fillReminders.map((reminder, index) => {
              const errors = reminderErrors(reminder, limit);
              const title = `Przypomnienie ${index + 1}`;
              return (
                <div key={index} role="group" aria-label={title} className={styles.reminder}>
                  <CountInput
                    label="Liczba powiadomień"
                    min={0}
                    value={reminder.notification}
                    disabled={disabled}
                    validationMessage={errors.notification}
                    onChange={(notification) => setReminder(index, { ...reminder, notification })}
                  />
                  <CountInput
                    label="Minut przed końcem"
                    min={0}
                    max={limit ?? undefined}
                    value={reminder.timeBeforeEnd}
                    disabled={disabled}
                    validationMessage={errors.timeBeforeEnd}
                    onChange={(timeBeforeEnd) => setReminder(index, { ...reminder, timeBeforeEnd })}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Usuń: ${title}`}
                    disabled={disabled}
                    onClick={() =>
                      set({ fillReminders: value.fillReminders.filter((_reminder, at) => at !== index) })
                    }
                  />
                </div>
              );
            })}
            <Button
              className={styles.add}
              icon={<AddRegular />}
              disabled={disabled}
              onClick={() => set({ fillReminders: [...value.fillReminders, newReminder(limit)] })}
            >
              Dodaj przypomnienie
            </Button>
          </section>

          {scheduleEditor && (
            <section aria-label="Harmonogram" className={styles.section}>
              <Subtitle2 as="h3">Harmonogram</Subtitle2>
              {scheduleEditor}
            </section>
          )}

          <section aria-label="Wypełnianie" className={styles.section}>
            <Subtitle2 as="h3">Wypełnianie</Subtitle2>
            <Switch
              label="Zezwalaj na zapis roboczy"
              checked={value.allowDrafting}
              disabled={disabled}
              onChange={(_event, data) => set({ allowDrafting: data.checked })}
            />
            <CountInput
              label="Domyślny czas przydziału (dni)"
              hint={`Od 0 do ${MAX_ASSIGNMENT_DURATION} dni (domyślnie ${DEFAULT_ASSIGNMENT_DURATION}); 0 – przydział bez daty końcowej`}
              min={0}
              max={MAX_ASSIGNMENT_DURATION}
              value={value.defaultAssignmentDuration}
              normalize={clampAssignmentDuration}
              disabled={disabled}
              onChange={(defaultAssignmentDuration) => set({ defaultAssignmentDuration })}
            />
          </section>
        </>
      )}
    </div>
  );
}
