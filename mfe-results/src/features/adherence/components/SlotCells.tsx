import { makeResetStyles, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  memo,
  useDeferredValue,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import {
  SLOT_STATUSES,
  type AdherenceForm,
  type AdherenceSlot,
  type SlotStatus,
} from '@formularze/domain/schemas/adherence';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import { SLOT_STATUS_TEXT } from '../slot-status';

/**
 * A page has thousands of cells, so their shared look is one class each (a reset style) rather
 * than a dozen atomic ones, and a row out of view is neither laid out nor painted until it is
 * scrolled to (`content-visibility`; it stays in the accessibility tree and reachable by keyboard).
 */
const useRowClass = makeResetStyles({
  display: 'flex',
  // A row whose cells are still to come keeps a cell's height.
  minHeight: '1.6em',
  flexWrap: 'wrap',
  gap: '2px',
  contentVisibility: 'auto',
  // The height a row is taken to have until it was once laid out; then its real one is kept.
  containIntrinsicSize: 'auto 3.4em',
});
const useCellClass = makeResetStyles({
  // In em, so the cells grow with the font level.
  minWidth: '1.6em',
  height: '1.6em',
  padding: 0,
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusSmall,
  fontSize: 'inherit',
  lineHeight: 1,
  cursor: 'pointer',
  ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
});

/** A status's symbol, drawn by its class: a page holds no text node per cell. */
const symbolOf = (status: SlotStatus) => ({
  '::before': { content: `"${SLOT_STATUS_TEXT[status].symbol}"` },
});

const useStyles = makeStyles({
  ON_TIME: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
    ...symbolOf('ON_TIME'),
  },
  LATE: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1,
    ...symbolOf('LATE'),
  },
  MISSED: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    color: tokens.colorPaletteRedForeground2,
    ...symbolOf('MISSED'),
  },
  OPEN: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    ...symbolOf('OPEN'),
  },
  UPCOMING: {
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    ...symbolOf('UPCOMING'),
  },
});

/** Each status's merged class, made once per styles rather than once per cell of a page. */
function useCellClasses(): Record<SlotStatus, string> {
  const cell = useCellClass();
  const styles = useStyles();
  return useMemo(
    () =>
      Object.fromEntries(
        SLOT_STATUSES.map((status) => [status, mergeClasses(cell, styles[status])]),
      ) as Record<SlotStatus, string>,
    [cell, styles],
  );
}

/** What a cell's name reads out: status, window, filling, score and, in a project, the form. */
export function slotDescription(slot: AdherenceSlot, forms: readonly AdherenceForm[]): string {
  const form = forms.find((candidate) => candidate.bagId === slot.bagId);
  return [
    SLOT_STATUS_TEXT[slot.status].label,
    `termin ${formatDateTime(slot.startsAt)} – ${formatDateTime(slot.endsAt)}`,
    slot.filledAt && `wypełniono ${formatDateTime(slot.filledAt)}`,
    slot.score !== null && `${formatPoints(slot.score)} pkt`,
    form?.name,
  ]
    .filter(Boolean)
    .join(', ');
}

export interface SlotCellsProps {
  personName: string;
  slots: readonly AdherenceSlot[];
  forms: readonly AdherenceForm[];
  onOpen(slot: AdherenceSlot, personName: string): void;
  /** Below the first screen of a page: the cells come just after the page's first paint. */
  belowFirstScreen?: boolean;
}

/** A page's row that is drawn only after the first paint has none of its cells yet. */
const NO_SLOTS: readonly AdherenceSlot[] = [];

/** How many rows of a page are drawn with their cells at once: a tall screen's worth. */
export const ROWS_ON_FIRST_SCREEN = 20;

/** The cell the arrow keys, Home and End move to from `index`, among `count`; null for other keys. */
function movedTo(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return Math.min(index + 1, count - 1);
  if (key === 'ArrowLeft') return Math.max(index - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Which of the row's cells an event came from; -1 when from the row itself. */
const cellIndexOf = (row: HTMLElement, target: EventTarget) =>
  Array.prototype.indexOf.call(row.children, target);

/**
 * A patient's slots in time order, one small button each, reached with Tab as one stop (the cell
 * last used) and moved between with the arrow keys, Home and End: the roving tab index of the
 * WAI-ARIA practices, kept in the row. Fluent's arrow navigation group does the same through
 * Tabster, whose guard elements of each group made the browser lay the page out once per row,
 * 600 ms for a page of 100 (bench/README.md). A page has thousands of cells, so the row is
 * memoized, listens for its cells (one handler per event, not two per cell), and below the first
 * screen draws them only after the page's first paint.
 */
export const SlotCells = memo(function SlotCells({
  personName,
  slots: allSlots,
  forms,
  onOpen,
  belowFirstScreen = false,
}: SlotCellsProps) {
  // React draws the deferred cells in the background once the first screen is painted (ADR 310).
  const slots = useDeferredValue(allSlots, belowFirstScreen ? NO_SLOTS : undefined);
  const rowClass = useRowClass();
  const cellClass = useCellClasses();
  const [current, setCurrent] = useState(0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = movedTo(event.key, current, slots.length);
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    (event.currentTarget.children[next] as HTMLElement | undefined)?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = cellIndexOf(event.currentTarget, event.target);
    if (index >= 0) setCurrent(index);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const slot = slots[cellIndexOf(event.currentTarget, event.target)];
    if (slot) onOpen(slot, personName);
  };

  return (
    <div
      role="group"
      aria-label={`Terminy: ${personName}`}
      aria-busy={slots !== allSlots}
      className={rowClass}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onClick}
    >
      {slots.map((slot, index) => (
        <button
          key={slot.id}
          type="button"
          className={cellClass[slot.status]}
          tabIndex={index === current ? 0 : -1}
          // What is read out; the class draws the status's symbol for the eye.
          aria-label={slotDescription(slot, forms)}
        />
      ))}
    </div>
  );
});
