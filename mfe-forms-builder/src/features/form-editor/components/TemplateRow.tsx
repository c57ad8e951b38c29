import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useDroppable } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { memo, useMemo } from 'react';
import { rowDroppableId } from '../canvas-dnd';
import type { EditorRow } from '../template-editing';
import { FieldCard, type FieldActions } from './FieldCard';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // A form of hundreds of fields: rows off screen are neither laid out nor painted (they stay in
    // the accessibility tree and keyboard order), so a move does not lay out the whole canvas again.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 150px',
  },
  chosen: { border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}` },
  over: { backgroundColor: tokens.colorBrandBackground2 },
  fields: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  choose: {
    border: 'none',
    background: 'none',
    padding: 0,
    margin: 0,
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    alignSelf: 'flex-start',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    borderRadius: tokens.borderRadiusSmall,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  empty: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface RowActions extends FieldActions {
  selectRow(rowId: string): void;
}

export interface TemplateRowProps {
  row: EditorRow;
  rowIndex: number;
  /** The last row holding fields (only the trailing empty row follows). */
  lastRow: boolean;
  /** The selected field when it is in this row (null otherwise, so other rows keep their props). */
  selectedFieldId: string | null;
  /** New fields from the palette go to this row. */
  chosen: boolean;
  readOnly: boolean;
  actions: RowActions;
}

/** One row of the canvas: a drop target and a horizontal sortable list of its fields. */
export const TemplateRow = memo(function TemplateRow({
  row,
  rowIndex,
  lastRow,
  selectedFieldId,
  chosen,
  readOnly,
  actions,
}: TemplateRowProps) {
  const styles = useStyles();
  const trailing = row.fields.length === 0;
  const title = trailing ? 'Nowy wiersz' : `Wiersz ${rowIndex + 1}`;
  const data = useMemo(
    () => ({ rowId: row.id, place: trailing ? 'nowy wiersz' : `wiersz ${rowIndex + 1}` }),
    [row.id, trailing, rowIndex],
  );
  const { setNodeRef, isOver } = useDroppable({ id: rowDroppableId(row.id), data, disabled: readOnly });
  const ids = useMemo(() => row.fields.map((field) => field.id), [row.fields]);
  if (readOnly && trailing) return null;
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={title}
      className={mergeClasses(styles.row, chosen && !readOnly && styles.chosen, isOver && styles.over)}
    >
      {!readOnly && (
        <button
          type="button"
          className={styles.choose}
          aria-pressed={chosen}
          onClick={() => actions.selectRow(row.id)}
        >
          {trailing ? 'Dodawaj pola do nowego wiersza' : `Dodawaj pola na końcu wiersza ${rowIndex + 1}`}
        </button>
      )}
      <SortableContext id={row.id} items={ids} strategy={horizontalListSortingStrategy}>
        <div className={styles.fields}>
          {row.fields.map((field, fieldIndex) => (
            <FieldCard
              key={field.id}
              field={field}
              rowId={row.id}
              firstRow={rowIndex === 0}
              lastRow={lastRow}
              rowLength={row.fields.length}
              fieldIndex={fieldIndex}
              selected={field.id === selectedFieldId}
              readOnly={readOnly}
              actions={actions}
            />
          ))}
        </div>
      </SortableContext>
      {trailing && <span className={styles.empty}>Upuść tu pole z palety, aby utworzyć nowy wiersz.</span>}
    </div>
  );
});
