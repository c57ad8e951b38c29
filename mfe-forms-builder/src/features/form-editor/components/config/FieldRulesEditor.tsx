import { DecimalInput } from './DecimalInput';
import { fieldRuleErrors, type FieldRuleDraft } from './rule-validation';
import { RuleList, type RulesEditorProps } from './RuleList';

export type FieldRulesEditorProps = RulesEditorProps<FieldRuleDraft>;

export const newFieldRule = (): FieldRuleDraft => ({
  operator: null,
  arg1: null,
  arg2: null,
  color: null,
  text: '',
  weight: null,
});

/**
 * The scoring rules of a number or dictionary field (`fieldRules`; §3 Field rule, §5 "Rules"): when
 * the answer (or its weight) compares to the arguments, the result is marked with the rule's colour
 * and text and scores its weight.
 */
export function FieldRulesEditor(props: FieldRulesEditorProps) {
  return (
    <RuleList
      {...props}
      label="Reguły pola"
      errorsOf={fieldRuleErrors}
      newRule={newFieldRule}
      renderOwnFields={(rule, { errors, change, visit }) => (
        <DecimalInput
          label="Waga"
          hint="Punkty za spełnienie reguły"
          value={rule.weight}
          disabled={props.disabled}
          validationMessage={errors.weight}
          onBlur={visit}
          onChange={(weight) => change({ ...rule, weight })}
        />
      )}
    />
  );
}
