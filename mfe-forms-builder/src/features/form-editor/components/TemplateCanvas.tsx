import { makeStyles, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import type { EditorRow } from '../template-editing';
import { TemplateRow, type RowActions } from './TemplateRow';

const useStyles = makeStyles({
  canvas: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

export interface TemplateCanvasProps {
  rows: readonly EditorRow[];
  selectedFieldId: string | null;
  selectedRowId: string | null;
  readOnly: boolean;
  actions: RowActions;
}

/** The form's rows; each row re-renders only when its own fields, place or selection change. */
export const TemplateCanvas = memo(function TemplateCanvas({
  rows,
  selectedFieldId,
  selectedRowId,
  readOnly,
  actions,
}: TemplateCanvasProps) {
  const styles = useStyles();
  const filled = rows.some((row) => row.fields.length > 0);
  return (
    <section className={styles.canvas} aria-label="Pola formularza" tabIndex={-1} data-canvas>
      {readOnly && !filled && <p className={styles.empty}>Formularz nie ma pól.</p>}
      {rows.map((row, rowIndex) => (
        <TemplateRow
          key={row.id}
          row={row}
          rowIndex={rowIndex}
          lastRow={rowIndex >= rows.length - 2}
          selectedFieldId={
            selectedFieldId !== null && row.fields.some((field) => field.id === selectedFieldId)
              ? selectedFieldId
              : null
          }
          chosen={row.id === selectedRowId}
          readOnly={readOnly}
          actions={actions}
        />
      ))}
    </section>
  );
});
