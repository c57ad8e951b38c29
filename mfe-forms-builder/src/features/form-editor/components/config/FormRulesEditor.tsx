import { Field, Input } from '@fluentui/react-components';
import { normalizeSmsPhone } from '@formularze/domain/schemas/form-template';
import { formRuleErrors, type FormRuleDraft } from './rule-validation';
import { RuleList, type RulesEditorProps } from './RuleList';
import { SmsMessageField } from './SmsMessageField';

export type FormRulesEditorProps = RulesEditorProps<FormRuleDraft>;

export const newFormRule = (): FormRuleDraft => ({
  operator: null,
  arg1: null,
  arg2: null,
  color: null,
  text: '',
  smsMessage: '',
  smsPhone: '',
});

/** What may be typed into the SMS phone: digits and plus signs (the rest is dropped as typed). */
const phoneCharacters = (typed: string) => typed.replace(/[^\d+]/g, '');

/**
 * The whole-form score rules (`formRules`; §3 Form rule, §5 "Rules"): when the total of points
 * compares to the arguments, the result gets the rule's colour and text, and the SMS is sent to the
 * phone given.
 */
export function FormRulesEditor(props: FormRulesEditorProps) {
  return (
    <RuleList
      {...props}
      label="Reguły punktowe formularza"
      errorsOf={formRuleErrors}
      newRule={newFormRule}
      renderOwnFields={(rule, { errors, change, visit }) => (
        <>
          <SmsMessageField
            label="Treść SMS"
            value={rule.smsMessage}
            maxLength={1000}
            disabled={props.disabled}
            onBlur={visit}
            onChange={(smsMessage) => change({ ...rule, smsMessage })}
          />
          <Field
            label="Numer telefonu do SMS"
            hint="Cyfry ze znakiem + na początku, np. +48600100200"
            validationMessage={errors.smsPhone}
          >
            <Input
              type="tel"
              autoComplete="off"
              value={rule.smsPhone ?? ''}
              disabled={props.disabled}
              onChange={(_event, data) => change({ ...rule, smsPhone: phoneCharacters(data.value) })}
              onBlur={() => {
                visit();
                const normalized = normalizeSmsPhone(rule.smsPhone ?? '');
                if (normalized !== (rule.smsPhone ?? '')) change({ ...rule, smsPhone: normalized });
              }}
            />
          </Field>
        </>
      )}
    />
  );
}
