import { Button, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useDraggable } from '@dnd-kit/core';
import { memo, type PointerEventHandler } from 'react';
import { PALETTE_FIELD_TYPES, type FieldDataType } from '@formularze/domain/schemas/form-template';
import { FIELD_TYPE_LABELS } from '../field-types';

const useStyles = makeStyles({
  palette: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  items: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { justifyContent: 'flex-start', touchAction: 'none' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export const PALETTE_ID_PREFIX = 'palette:';

const PaletteItem = memo(function PaletteItem({
  type,
  onAdd,
}: {
  type: FieldDataType;
  onAdd(type: FieldDataType): void;
}) {
  const styles = useStyles();
  const label = FIELD_TYPE_LABELS[type];
  const { setNodeRef, listeners } = useDraggable({
    id: `${PALETTE_ID_PREFIX}${type}`,
    data: { fieldType: type, name: `nowe pole ${label}` },
  });
  return (
    <Button
      ref={setNodeRef}
      className={styles.item}
      aria-label={`Dodaj pole ${label}`}
      // Pointer dragging only: Enter and space add the field where the selection is, like a click.
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      onClick={() => onAdd(type)}
    >
      {label}
    </Button>
  );
});

/** The field types a form is built of: a click adds one, a drag drops one where it should go. */
export const Palette = memo(function Palette({ onAdd }: { onAdd(type: FieldDataType): void }) {
  const styles = useStyles();
  return (
    <section className={styles.palette} aria-labelledby="form-editor-palette">
      <Subtitle2 as="h3" id="form-editor-palette">
        Paleta pól
      </Subtitle2>
      <Text className={styles.hint}>
        Pole trafia za zaznaczone pole albo na koniec wybranego wiersza; można je też przeciągnąć na miejsce.
      </Text>
      <div className={styles.items}>
        {PALETTE_FIELD_TYPES.map((type) => (
          <PaletteItem key={type} type={type} onAdd={onAdd} />
        ))}
      </div>
    </section>
  );
});
