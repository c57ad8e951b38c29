import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import type { ReactNode } from 'react';
import {
  RULE_OPERATOR_LABELS,
  RULE_OPERATORS,
  type RuleOperator,
} from '@formularze/domain/schemas/form-template';
import { ColorField } from './ColorField';
import { DecimalInput } from './DecimalInput';
import type { RuleErrors } from './rule-validation';
import { borderedColumn } from '../bordered-column';

const useStyles = makeStyles({
  card: borderedColumn,
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  arguments: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
});

/** What every rule has (§3 Field rule, Form rule), its first argument still possibly untyped. */
export interface RuleCommon {
  operator: RuleOperator | null;
  arg1: number | null;
  arg2?: number | null;
  color?: string | null;
  text?: string | null;
}

export interface RuleCardProps<Rule extends RuleCommon> {
  /** 'Reguła 1': the group's name and heading; the remove button says which rule it removes. */
  title: string;
  rule: Rule;
  onChange(rule: Rule): void;
  onRemove(): void;
  /** Marks the rule as visited: its messages are shown from then on. */
  onBlur(): void;
  /** The messages to show (none until the rule was visited or a save was attempted). */
  errors: RuleErrors;
  disabled?: boolean;
  /** The rule's own inputs after the common ones (weight, SMS). */
  children?: ReactNode;
}

/** One scoring rule: operator, its arguments, the colour and text a matching result is marked with. */
export function RuleCard<Rule extends RuleCommon>({
  title,
  rule,
  onChange,
  onRemove,
  onBlur,
  errors,
  disabled,
  children,
}: RuleCardProps<Rule>) {
  const styles = useStyles();
  const between = rule.operator === 'BETWEEN';
  return (
    <div role="group" aria-label={title} className={styles.card}>
      <div className={styles.header}>
        <Subtitle2 as="h4">{title}</Subtitle2>
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={`Usuń: ${title}`}
          disabled={disabled}
          onClick={onRemove}
        />
      </div>
      <div className={styles.arguments}>
        <Field label="Operator" required validationMessage={errors.operator}>
          <Dropdown
            value={rule.operator ? RULE_OPERATOR_LABELS[rule.operator] : ''}
            selectedOptions={rule.operator ? [rule.operator] : []}
            placeholder="Wybierz operator"
            disabled={disabled}
            onBlur={onBlur}
            onOptionSelect={(_event, data) => {
              const operator = data.optionValue as RuleOperator | undefined;
              if (!operator) return;
              onChange({ ...rule, operator, arg2: operator === 'BETWEEN' ? (rule.arg2 ?? null) : null });
            }}
          >
            {RULE_OPERATORS.map((operator) => (
              <Option key={operator} value={operator}>
                {RULE_OPERATOR_LABELS[operator]}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <DecimalInput
          label={between ? 'Od' : 'Wartość'}
          required
          value={rule.arg1}
          disabled={disabled}
          onBlur={onBlur}
          validationMessage={errors.arg1}
          onChange={(arg1) => onChange({ ...rule, arg1 })}
        />
        {between && (
          <DecimalInput
            label="Do"
            required
            value={rule.arg2}
            disabled={disabled}
            onBlur={onBlur}
            validationMessage={errors.arg2}
            onChange={(arg2) => onChange({ ...rule, arg2 })}
          />
        )}
      </div>
      <ColorField
        label="Kolor"
        value={rule.color}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(color) => onChange({ ...rule, color })}
      />
      <Field label="Tekst" validationMessage={errors.effect}>
        <Input
          value={rule.text ?? ''}
          maxLength={1000}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(_event, data) => onChange({ ...rule, text: data.value })}
        />
      </Field>
      {children}
    </div>
  );
}
