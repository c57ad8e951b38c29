import { makeStyles, mergeClasses, tokens, useArrowNavigationGroup } from '@fluentui/react-components';
import { memo } from 'react';
import type { AdherenceForm, AdherenceSlot, SlotStatus } from '@formularze/domain/schemas/adherence';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import { SLOT_STATUS_TEXT } from '../slot-status';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: '2px' },
  cell: {
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
  },
  ON_TIME: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
  },
  LATE: { backgroundColor: tokens.colorPaletteYellowBackground2, color: tokens.colorNeutralForeground1 },
  MISSED: { backgroundColor: tokens.colorPaletteRedBackground2, color: tokens.colorPaletteRedForeground2 },
  OPEN: { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorBrandForeground1 },
  UPCOMING: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
});

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
}

/**
 * A patient's slots in time order, one small button each, reached with Tab as one stop and moved
 * between with the arrow keys, Home and End. Memoized: a page has thousands of cells.
 */
export const SlotCells = memo(function SlotCells({ personName, slots, forms, onOpen }: SlotCellsProps) {
  const styles = useStyles();
  const arrows = useArrowNavigationGroup({ axis: 'horizontal', memorizeCurrent: true });
  return (
    <div role="group" aria-label={`Terminy: ${personName}`} className={styles.row} {...arrows}>
      {slots.map((slot) => (
        <button
          key={slot.id}
          type="button"
          className={mergeClasses(styles.cell, styles[slot.status as SlotStatus])}
          aria-label={slotDescription(slot, forms)}
          onClick={() => onOpen(slot, personName)}
        >
          <span aria-hidden="true">{SLOT_STATUS_TEXT[slot.status].symbol}</span>
        </button>
      ))}
    </div>
  );
});
