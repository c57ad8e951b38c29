/**
 * The form editor's configuration editors: controlled components (value + onChange) the property
 * panel and the advanced settings render, and the checks the editor runs before saving.
 */
export { AdvancedSettings, type AdvancedSettingsProps } from './AdvancedSettings';
export { DictionaryEditor, type DictionaryEditorProps, type DictionarySettings } from './DictionaryEditor';
export { FieldRulesEditor, newFieldRule, type FieldRulesEditorProps } from './FieldRulesEditor';
export { FormRulesEditor, newFormRule, type FormRulesEditorProps } from './FormRulesEditor';
export { SmsMessageField, SMS_TOO_LONG_MESSAGE, type SmsMessageFieldProps } from './SmsMessageField';
export { RULE_OPERATOR_LABELS } from '@formularze/domain/schemas/form-template';
export {
  fieldRuleErrors,
  fieldRulesOf,
  fieldRulesValid,
  formRuleErrors,
  formRulesOf,
  formRulesValid,
  reminderErrors,
  reminderLimitMinutes,
  settingsValid,
  type FieldRuleDraft,
  type FormRuleDraft,
  type RuleErrors,
  type ScheduleWindows,
} from './rule-validation';
export { clampAssignmentDuration, parseDecimal } from './numbers';
export { SMS_LENGTH, SMS_PLACEHOLDERS, smsLength } from './sms';
