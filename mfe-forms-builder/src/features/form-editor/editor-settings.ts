import {
  DEFAULT_FORM_SETTINGS,
  SCHEDULE_INCOMPLETE_MESSAGE,
  formSettingsOf,
  type FormDetails,
  type FormPayload,
  type FormSettings,
} from '@formularze/domain/schemas/forms';
import {
  hasScheduleIssues,
  isScheduleComplete,
  scheduleDraftOf,
  schedulePayloadOf,
  type ScheduleDraft,
} from '../../components/schedule';
import { formRulesOf, formRulesValid, settingsValid, type FormRuleDraft } from './components/config';

/** Everything of a form besides its name, description and template, as the editor holds it. */
export interface EditorSettings {
  settings: FormSettings;
  formRules: FormRuleDraft[];
  schedule: ScheduleDraft;
}

export function editorSettingsOf(form: FormDetails | null): EditorSettings {
  if (!form)
    return { settings: { ...DEFAULT_FORM_SETTINGS }, formRules: [], schedule: scheduleDraftOf(null) };
  return {
    settings: formSettingsOf(form),
    formRules: form.formRules,
    schedule: scheduleDraftOf(form.schedule),
  };
}

/** The payload's part made of the settings (checked as a whole by `formPayload` before sending). */
export function settingsPayloadOf({
  settings,
  formRules,
  schedule,
}: EditorSettings): Omit<FormPayload, 'name' | 'description' | 'layoutElementObject'> {
  return {
    ...settings,
    formRules: formRulesOf(formRules) ?? (formRules as FormPayload['formRules']),
    schedule: schedulePayloadOf(schedule),
  };
}

export const SCHEDULE_INVALID_MESSAGE = 'Popraw harmonogram, aby zapisać formularz.';
export const FORM_RULES_INVALID_MESSAGE = 'Popraw reguły punktowe w ustawieniach zaawansowanych.';
export const SETTINGS_INVALID_MESSAGE = 'Popraw ustawienia zaawansowane, aby zapisać formularz.';

/** Why the settings keep Save disabled (§2: an incomplete schedule says 'Uzupełnij harmonogram'), or null. */
export function settingsProblem({ settings, formRules, schedule }: EditorSettings): string | null {
  if (!isScheduleComplete(schedule)) return SCHEDULE_INCOMPLETE_MESSAGE;
  if (hasScheduleIssues(schedule)) return SCHEDULE_INVALID_MESSAGE;
  if (!formRulesValid(formRules)) return FORM_RULES_INVALID_MESSAGE;
  if (!settingsValid(settings, schedulePayloadOf(schedule))) return SETTINGS_INVALID_MESSAGE;
  return null;
}
