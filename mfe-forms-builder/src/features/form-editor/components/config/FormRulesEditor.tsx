import { Body1, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { normalizeSmsPhone } from 'shared-ui/schemas/form-template';
import { RuleCard } from './RuleCard';
import { formRuleErrors, type FormRuleDraft } from './rule-validation';
import { SmsMessageField } from './SmsMessageField';
import { useVisited } from './useVisited';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
});

export interface FormRulesEditorProps {
  /** The form's score rules (`formRules` of the payload), arguments possibly untyped. */
  value: readonly FormRuleDraft[];
  onChange(rules: FormRuleDraft[]): void;
  disabled?: boolean;
  /** Show the messages of every rule (after a save attempt), not only of the rules already visited. */
  showValidation?: boolean;
}

export const newFormRule = (): FormRuleDraft => ({
  operator: 'GREATER_THAN',
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
 * The whole-form score rules (§3 Form rule, §5 "Rules"): when the total of points compares to the
 * arguments, the result gets the rule's colour and text, and the SMS is sent to the phone given.
 */
export function FormRulesEditor({ value, onChange, disabled, showValidation }: FormRulesEditorProps) {
  const styles = useStyles();
  const { isVisited, visit, forget } = useVisited();
  const replace = (index: number, rule: FormRuleDraft) =>
    onChange(value.map((current, at) => (at === index ? rule : current)));
  return (
    <section aria-label="Reguły punktowe formularza" className={styles.root}>
      {value.length === 0 && <Body1>Brak reguł</Body1>}
      {value.map((rule, index) => {
        const errors = showValidation || isVisited(index) ? formRuleErrors(rule) : {};
        return (
          <RuleCard
            key={index}
            title={`Reguła ${index + 1}`}
            rule={rule}
            errors={errors}
            disabled={disabled}
            onChange={(next) => replace(index, next)}
            onBlur={() => visit(index)}
            onRemove={() => {
              forget(index);
              onChange(value.filter((_rule, at) => at !== index));
            }}
          >
            <SmsMessageField
              label="Treść SMS"
              value={rule.smsMessage}
              maxLength={1000}
              disabled={disabled}
              onBlur={() => visit(index)}
              onChange={(smsMessage) => replace(index, { ...rule, smsMessage })}
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
                disabled={disabled}
                onChange={(_event, data) =>
                  replace(index, { ...rule, smsPhone: phoneCharacters(data.value) })
                }
                onBlur={() => {
                  visit(index);
                  const normalized = normalizeSmsPhone(rule.smsPhone ?? '');
                  if (normalized !== (rule.smsPhone ?? '')) replace(index, { ...rule, smsPhone: normalized });
                }}
              />
            </Field>
          </RuleCard>
        );
      })}
      <Button
        className={styles.add}
        icon={<AddRegular />}
        disabled={disabled}
        onClick={() => onChange([...value, newFormRule()])}
      >
        Dodaj regułę
      </Button>
    </section>
  );
}
