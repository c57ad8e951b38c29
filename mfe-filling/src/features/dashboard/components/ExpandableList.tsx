import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState, type ReactNode } from 'react';

/** §9: dashboard lists show 3 items before expanding. */
export const PREVIEW_COUNT = 3;

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
});

export interface ExpandableListProps<Item> {
  items: readonly Item[];
  keyOf(item: Item): string | number;
  render(item: Item): ReactNode;
}

/** The first items of a list, the rest behind 'Pokaż więcej'. */
export function ExpandableList<Item>({ items, keyOf, render }: ExpandableListProps<Item>) {
  const styles = useStyles();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, PREVIEW_COUNT);
  return (
    <>
      <ul id={listId} className={styles.list}>
        {shown.map((item) => (
          <li key={keyOf(item)} className={styles.item}>
            {render(item)}
          </li>
        ))}
      </ul>
      {items.length > PREVIEW_COUNT && (
        <Button
          appearance="secondary"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Pokaż mniej' : 'Pokaż więcej'}
        </Button>
      )}
    </>
  );
}
