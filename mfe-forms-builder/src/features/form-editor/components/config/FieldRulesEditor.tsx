import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { DecimalInput } from './DecimalInput';
import { RuleCard } from './RuleCard';
import { fieldRuleErrors, type FieldRuleDraft } from './rule-validation';
import { useVisited } from './useVisited';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
});

export interface FieldRulesEditorProps {
  /** The field's rules (`fieldRules` of a NUMBER or DICTIONARY field), arguments possibly untyped. */
  value: readonly FieldRuleDraft[];
  onChange(rules: FieldRuleDraft[]): void;
  /** Display mode: everything shown, nothing editable. */
  disabled?: boolean;
  /** Show the messages of every rule (after a save attempt), not only of the rules already visited. */
  showValidation?: boolean;
}

export const newFieldRule = (): FieldRuleDraft => ({
  operator: 'GREATER_THAN',
  arg1: null,
  arg2: null,
  color: null,
  text: '',
  weight: null,
});

/**
 * The scoring rules of a number or dictionary field (§3 Field rule, §5 "Rules"): when the answer
 * (or its weight) compares to the arguments, the result is marked with the rule's colour and text
 * and scores its weight.
 */
export function FieldRulesEditor({ value, onChange, disabled, showValidation }: FieldRulesEditorProps) {
  const styles = useStyles();
  const { isVisited, visit, forget } = useVisited();
  const replace = (index: number, rule: FieldRuleDraft) =>
    onChange(value.map((current, at) => (at === index ? rule : current)));
  return (
    <section aria-label="Reguły pola" className={styles.root}>
      {value.length === 0 && <Body1>Brak reguł</Body1>}
      {value.map((rule, index) => {
        const errors = showValidation || isVisited(index) ? fieldRuleErrors(rule) : {};
        return (
          <RuleCard
            // Rules have no id; the position is what the person sees.
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
            <DecimalInput
              label="Waga"
              hint="Punkty za spełnienie reguły"
              value={rule.weight}
              disabled={disabled}
              validationMessage={errors.weight}
              onBlur={() => visit(index)}
              onChange={(weight) => replace(index, { ...rule, weight })}
            />
          </RuleCard>
        );
      })}
      <Button
        className={styles.add}
        icon={<AddRegular />}
        disabled={disabled}
        onClick={() => onChange([...value, newFieldRule()])}
      >
        Dodaj regułę
      </Button>
    </section>
  );
}
