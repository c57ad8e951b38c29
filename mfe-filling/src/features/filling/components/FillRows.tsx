import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { memo, useMemo } from 'react';
import { useStackStyles } from 'shared-ui/components';
import type { ModelField } from '../fill-model';
import type { FillableField } from '../fillable-field';
import { FillField, fieldLabel } from './FillField';
import { RepeatingGroupField } from './RepeatingGroupField';

/**
 * Rows per slice of a long form. The slice, not the row, is what the browser skips while it is off
 * screen: with each of 300 rows skipped on its own, every keystroke's frame went through all of
 * them. React, too, steps through every sibling on its way down to a typed field. In slices of 16,
 * a keystroke in the 300-field benchmark took 7.4 ms instead of 8.6; slices of 8 typed a little
 * faster still but opened the form ~20 ms later.
 */
export const ROWS_PER_SLICE = 16;

const useStyles = makeStyles({
  slice: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    // A long form lays out and paints only the slices near the screen. Fields off screen stay in
    // the accessibility tree, in find-in-page and in the tab order; `auto` keeps each slice's last
    // measured height, so the scrollbar settles once a slice has been seen (6em a row until then).
    contentVisibility: 'auto',
    containIntrinsicSize: `auto ${ROWS_PER_SLICE * 6}em`,
    // The containment clips painting to the slice: room for focus outlines, taken back by the margin.
    padding: tokens.spacingHorizontalXS,
    margin: `calc(-1 * ${tokens.spacingHorizontalXS})`,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16em), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  groupTitle: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  labelText: { whiteSpace: 'pre-wrap' },
});

const isLink = (text: string) => /^(https?:\/\/|\/)\S+$/.test(text);

/** LABEL: text to read; a file label shows its link (§3 labelType). */
function LabelField({ field }: { field: FillableField }) {
  const styles = useStyles();
  const text = field.text?.trim() ?? '';
  return (
    <div>
      {field.label && <Text weight="semibold">{field.label}</Text>}
      {field.labelType === 'file' && isLink(text) ? (
        <div>
          <Link href={text} target="_blank" rel="noreferrer">
            {field.label?.trim() || text}
          </Link>
        </div>
      ) : (
        text && <p className={styles.labelText}>{text}</p>
      )}
    </div>
  );
}

/** GROUP: a titled frame holding rows of fields, each answered on its own. */
function GroupField({ entry }: { entry: ModelField }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>{fieldLabel(entry.field)}</legend>
      {entry.field.text && <Text>{entry.field.text}</Text>}
      <FillRows rows={entry.rows} />
    </fieldset>
  );
}

function FieldOfRow({ entry }: { entry: ModelField }) {
  switch (entry.field.type) {
    case 'LABEL':
      return <LabelField field={entry.field} />;
    case 'GROUP':
      return <GroupField entry={entry} />;
    case 'REPEATING_GROUP':
      return <RepeatingGroupField entry={entry} />;
    default:
      return <FillField entry={entry} />;
  }
}

/** A slice of rows, off screen skipped as one. */
const RowSlice = memo(function RowSlice({ rows }: { rows: ModelField[][] }) {
  const styles = useStyles();
  return (
    <div className={styles.slice}>
      {rows.map((row, index) => (
        <div key={index} className={styles.row}>
          {row.map((entry) => (
            <FieldOfRow key={entry.key} entry={entry} />
          ))}
        </div>
      ))}
    </div>
  );
});

/** The template's rows, in slices; each row's fields side by side, wrapping on narrow screens. */
export const FillRows = memo(function FillRows({ rows }: { rows: ModelField[][] }) {
  const stack = useStackStyles();
  const slices = useMemo(() => {
    const sliced: ModelField[][][] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
      sliced.push(rows.slice(start, start + ROWS_PER_SLICE));
    }
    return sliced;
  }, [rows]);
  return (
    <div className={stack.l}>
      {slices.map((slice, index) => (
        <RowSlice key={index} rows={slice} />
      ))}
    </div>
  );
});
