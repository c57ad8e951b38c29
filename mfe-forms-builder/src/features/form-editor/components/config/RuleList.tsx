import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import type { ReactNode } from 'react';
import { RuleCard, type RuleCommon } from './RuleCard';
import type { RuleErrors } from './rule-validation';
import { useVisited } from './useVisited';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
});

/** What the field-rule and form-rule editors take: a controlled list of rules. */
export interface RulesEditorProps<Rule> {
  /** The rules, arguments possibly untyped. */
  value: readonly Rule[];
  onChange(rules: Rule[]): void;
  /** Display mode: everything shown, nothing editable. */
  disabled?: boolean;
  /** Show the messages of every rule (after a save attempt), not only of the rules already visited. */
  showValidation?: boolean;
}

/** What a rule's own fields need: its messages, a way to change it, and to mark it visited. */
export interface OwnRuleFields<Rule> {
  errors: RuleErrors;
  change(rule: Rule): void;
  visit(): void;
}

interface RuleListProps<Rule extends RuleCommon> extends RulesEditorProps<Rule> {
  /** Names the list for assistive technologies. */
  label: string;
  errorsOf(rule: Rule): RuleErrors;
  newRule(): Rule;
  /** The fields a kind of rule has beyond the comparison, colour and text every rule has. */
  renderOwnFields(rule: Rule, own: OwnRuleFields<Rule>): ReactNode;
}

/**
 * A list of score rules, each in its card, with 'Dodaj regułę' under it; a rule's messages show once
 * it was left (or after a save attempt).
 */
export function RuleList<Rule extends RuleCommon>({
  label,
  value,
  onChange,
  disabled,
  showValidation,
  errorsOf,
  newRule,
  renderOwnFields,
}: RuleListProps<Rule>) {
  const styles = useStyles();
  const { isVisited, visit, forget } = useVisited();
  const replace = (index: number, rule: Rule) =>
    onChange(value.map((current, at) => (at === index ? rule : current)));
  return (
    <section aria-label={label} className={styles.root}>
      {value.length === 0 && <Body1>Brak reguł</Body1>}
      {value.map((rule, index) => {
        const errors = showValidation || isVisited(index) ? errorsOf(rule) : {};
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
            {renderOwnFields(rule, {
              errors,
              change: (next) => replace(index, next),
              visit: () => visit(index),
            })}
          </RuleCard>
        );
      })}
      <Button
        className={styles.add}
        icon={<AddRegular />}
        disabled={disabled}
        onClick={() => onChange([...value, newRule()])}
      >
        Dodaj regułę
      </Button>
    </section>
  );
}
