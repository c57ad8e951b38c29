import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { memo, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { answerProblem } from '../field-validation';
import { emptyValue, repeatedMembers, type ModelField, type RepeatedRow } from '../fill-model';
import { errorId } from './answer-props';
import { AnswerInput, groupKindOf } from './AnswerInput';
import { describedByOf, FieldFrame } from './FieldFrame';
import { fieldInputId, fieldLabel } from './FillField';
import { useFillContext } from './fill-context';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14em), 1fr)) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cell: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  cellLabel: { fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1 },
  add: { alignSelf: 'flex-start' },
});

export const cellInputId = (groupKey: string, row: number, memberKey: string) =>
  `${fieldInputId(groupKey)}-${row}-${memberKey}`;

/** One answer of a row: a member field with its own label naming the row. */
function Cell({
  member,
  inputId,
  row,
  value,
  onChange,
  onBlur,
  disabled,
}: {
  member: ModelField;
  inputId: string;
  row: number;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  disabled: boolean;
}) {
  const styles = useStyles();
  const problem = answerProblem(member.field, value);
  const label = `${fieldLabel(member.field)} (wiersz ${row + 1})`;
  const group = groupKindOf(member.field);
  const control = (
    <AnswerInput
      field={member.field}
      inputId={inputId}
      describedBy={describedByOf({ inputId, hint: null, required: false, error: problem?.message })}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      invalid={!!problem}
      disabled={disabled}
    />
  );
  return (
    <div className={styles.cell}>
      {group ? (
        <fieldset role={group} className={styles.cell} aria-invalid={problem ? true : undefined}>
          <legend className={styles.cellLabel}>{label}</legend>
          {control}
        </fieldset>
      ) : (
        <>
          <label htmlFor={inputId} className={styles.cellLabel}>
            {label}
          </label>
          {control}
        </>
      )}
      {problem && (
        <Text id={errorId(inputId)} className={styles.error}>
          {problem.message}
        </Text>
      )}
    </div>
  );
}

/**
 * REPEATING_GROUP: rows of the group's fields, added and removed by the filler; every member's
 * answers go one per row (§3 save payload, `arrayData`).
 */
export const RepeatingGroupField = memo(function RepeatingGroupField({ entry }: { entry: ModelField }) {
  const styles = useStyles();
  const { control, readOnly } = useFillContext();
  const members = useMemo(() => repeatedMembers(entry), [entry]);
  const {
    field: { value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name: entry.key, control });
  const rows = (value as RepeatedRow[] | undefined) ?? [];
  const label = fieldLabel(entry.field);
  const firstInputId = members[0] ? cellInputId(entry.key, 0, members[0].key) : fieldInputId(entry.key);

  const setCell = (rowIndex: number, memberKey: string, cell: unknown) =>
    onChange(rows.map((row, index) => (index === rowIndex ? { ...row, [memberKey]: cell } : row)));
  const addRow = () =>
    onChange([...rows, Object.fromEntries(members.map((member) => [member.key, emptyValue(member.field)]))]);
  const removeRow = (rowIndex: number) => onChange(rows.filter((_row, index) => index !== rowIndex));

  return (
    <FieldFrame
      inputId={firstInputId}
      label={label}
      hint={entry.field.text}
      required={members.some((member) => member.field.required)}
      error={error?.message}
      group="group"
    >
      {rows.map((row, rowIndex) => (
        <div
          key={rowIndex}
          role="group"
          aria-label={`${label}: wiersz ${rowIndex + 1}`}
          className={styles.row}
        >
          {members.map((member) => (
            <Cell
              key={member.key}
              member={member}
              inputId={cellInputId(entry.key, rowIndex, member.key)}
              row={rowIndex}
              value={row[member.key] ?? emptyValue(member.field)}
              onChange={(cell) => setCell(rowIndex, member.key, cell)}
              onBlur={onBlur}
              disabled={readOnly}
            />
          ))}
          {!readOnly && rows.length > 1 && (
            <Button onClick={() => removeRow(rowIndex)} aria-label={`Usuń wiersz ${rowIndex + 1}: ${label}`}>
              Usuń wiersz
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button className={styles.add} onClick={addRow} aria-label={`Dodaj wiersz: ${label}`}>
          Dodaj wiersz
        </Button>
      )}
    </FieldFrame>
  );
});
