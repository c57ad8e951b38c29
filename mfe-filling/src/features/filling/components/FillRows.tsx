import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import type { ModelField } from '../fill-model';
import type { FillableField } from '../fillable-field';
import { FillField, fieldLabel } from './FillField';
import { RepeatingGroupField } from './RepeatingGroupField';

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16em), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    // A long form lays out and paints only the rows near the screen. Rows off screen stay in the
    // accessibility tree, in find-in-page and in the tab order; `auto` keeps each row's last
    // measured height, so the scrollbar settles once a row has been seen.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 5em',
    // The containment clips painting to the row: room for focus outlines, taken back by the margin.
    padding: tokens.spacingHorizontalXS,
    margin: `calc(-1 * ${tokens.spacingHorizontalXS})`,
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

/** The template's rows, each laid out side by side and wrapping on narrow screens. */
export const FillRows = memo(function FillRows({ rows }: { rows: ModelField[][] }) {
  const styles = useStyles();
  return (
    <div className={styles.rows}>
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
