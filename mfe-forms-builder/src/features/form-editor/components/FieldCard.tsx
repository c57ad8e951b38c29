import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowRightRegular } from '@fluentui/react-icons/svg/arrow-right';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { ReOrderDotsVerticalRegular } from '@fluentui/react-icons/svg/re-order-dots-vertical';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo, type ReactElement } from 'react';
import { FIELD_TYPE_LABELS, fieldName } from '../field-types';
import { isFieldValid } from '../field-validation';
import { canMoveAt, type FieldDraft, type FieldPlace, type MoveDirection } from '../template-editing';

const useStyles = makeStyles({
  wrapper: { display: 'flex', alignItems: 'stretch', minWidth: '200px', flex: '1 1 200px' },
  dragging: { opacity: 0.5 },
  handle: {
    display: 'flex',
    alignItems: 'center',
    cursor: 'grab',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRight: 'none',
    borderRadius: `${tokens.borderRadiusMedium} 0 0 ${tokens.borderRadiusMedium}`,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    paddingInline: tokens.spacingHorizontalXXS,
    touchAction: 'none',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  card: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  withHandle: { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
  selected: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  select: {
    border: 'none',
    background: 'none',
    padding: 0,
    margin: 0,
    font: 'inherit',
    color: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    borderRadius: tokens.borderRadiusSmall,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  type: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  invalid: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  // Plain buttons styled like Fluent's small subtle icon buttons: a canvas holds hundreds of them.
  action: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '24px',
    height: '24px',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontSize: '16px',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':active': { backgroundColor: tokens.colorSubtleBackgroundPressed },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    ':disabled': {
      color: tokens.colorNeutralForegroundDisabled,
      cursor: 'not-allowed',
      backgroundColor: 'transparent',
    },
  },
});

/** What a card does; the callbacks are stable, so cards skip re-rendering when only others change. */
export interface FieldActions {
  select(fieldId: string): void;
  moveBy(fieldId: string, direction: MoveDirection): void;
  remove(fieldId: string): void;
}

export interface FieldCardProps extends FieldPlace {
  field: FieldDraft;
  rowId: string;
  selected: boolean;
  readOnly: boolean;
  actions: FieldActions;
}

const MOVES: readonly { direction: MoveDirection; label: string; icon: ReactElement }[] = [
  { direction: 'up', label: 'w górę', icon: <ArrowUpRegular aria-hidden /> },
  { direction: 'down', label: 'w dół', icon: <ArrowDownRegular aria-hidden /> },
  { direction: 'left', label: 'w lewo', icon: <ArrowLeftRegular aria-hidden /> },
  { direction: 'right', label: 'w prawo', icon: <ArrowRightRegular aria-hidden /> },
];

const INCOMPLETE_FIELD_TEXT = 'Uzupełnij ustawienia pola';

const SORTABLE_ATTRIBUTES = { roleDescription: 'pole do przeciągania' };

/** The card's content: re-rendered only when its own field, place or selection change. */
const FieldCardBody = memo(function FieldCardBody({
  field,
  selected,
  readOnly,
  actions,
  hasHandle,
  ...place
}: Omit<FieldCardProps, 'rowId'> & { hasHandle: boolean }) {
  const styles = useStyles();
  const name = fieldName(field);
  const valid = isFieldValid(field);
  return (
    <div className={mergeClasses(styles.card, hasHandle && styles.withHandle, selected && styles.selected)}>
      <button
        type="button"
        className={styles.select}
        aria-pressed={selected}
        // The name starts with the card's visible text, in its order (WCAG 2.5.3: a speech user says what
        // they see); "wymagane" stands for the asterisk, which is not spoken.
        aria-label={`${name}, ${FIELD_TYPE_LABELS[field.type]}${valid ? '' : `, ${INCOMPLETE_FIELD_TEXT}`}${
          field.required ? ', pole wymagane' : ''
        }`}
        data-select-field={field.id}
        onClick={() => actions.select(field.id)}
      >
        <span className={styles.name}>
          {name}
          {field.required ? ' *' : ''}
        </span>{' '}
        {/* The spaces keep the visible words apart for assistive technology; the column layout ignores them. */}
        <span className={styles.type}>{FIELD_TYPE_LABELS[field.type]}</span>{' '}
        {!valid && <span className={styles.invalid}>{INCOMPLETE_FIELD_TEXT}</span>}
      </button>
      {!readOnly && (
        <div className={styles.actions} role="group" aria-label={`Przesuwanie pola „${name}”`}>
          {MOVES.map(({ direction, label, icon }) => (
            <button
              key={direction}
              type="button"
              className={styles.action}
              aria-label={`Przesuń pole „${name}” ${label}`}
              data-move={direction}
              disabled={!canMoveAt(place, direction)}
              onClick={() => actions.moveBy(field.id, direction)}
            >
              {icon}
            </button>
          ))}
          <button
            type="button"
            className={styles.action}
            aria-label={`Usuń pole „${name}”`}
            onClick={() => actions.remove(field.id)}
          >
            <DeleteRegular aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
});

/**
 * A field on the canvas: a drag handle (pointer or keyboard: space, arrows, space) and its card.
 * The sortable wrapper follows dnd-kit's context; the card's content is memoised apart from it.
 */
export const FieldCard = memo(function FieldCard(props: FieldCardProps) {
  const styles = useStyles();
  const { field, rowId, readOnly, fieldIndex } = props;
  const name = fieldName(field);
  const data = useMemo(
    () => ({ rowId, index: fieldIndex, name: `pole „${name}”` }),
    [rowId, fieldIndex, name],
  );
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id, data, disabled: readOnly, attributes: SORTABLE_ATTRIBUTES });
  return (
    <div
      ref={setNodeRef}
      data-field-id={field.id}
      className={mergeClasses(styles.wrapper, isDragging && styles.dragging)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {!readOnly && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={`Przeciągnij pole „${name}”`}
        >
          <ReOrderDotsVerticalRegular aria-hidden />
        </button>
      )}
      <FieldCardBody
        field={field}
        selected={props.selected}
        readOnly={readOnly}
        actions={props.actions}
        hasHandle={!readOnly}
        firstRow={props.firstRow}
        lastRow={props.lastRow}
        rowLength={props.rowLength}
        fieldIndex={fieldIndex}
      />
    </div>
  );
});
