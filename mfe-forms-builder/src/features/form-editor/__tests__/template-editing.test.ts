import type { FormLayout } from '@formularze/domain/schemas/form-template';
import {
  canMove,
  layoutOf,
  newField,
  templateReducer,
  templateStateOf,
  type TemplateAction,
  type TemplateState,
} from '../template-editing';

/** A template of rows given as field ids, e.g. [['a', 'b'], ['c']]. */
function layout(rows: string[][]): FormLayout {
  return {
    type: 'FORM',
    children: rows.map((ids) => ({
      type: 'ROW',
      children: ids.map((id) => ({ id, type: 'LOCATION', label: id })),
    })),
  };
}

/** The rows as field ids, the trailing empty row included. */
const shape = (state: TemplateState) => state.rows.map((row) => row.fields.map((field) => field.id));

const run = (state: TemplateState, ...actions: TemplateAction[]) => actions.reduce(templateReducer, state);

describe('templateStateOf', () => {
  it('starts an empty template with one empty row', () => {
    const state = templateStateOf(null);
    expect(shape(state)).toEqual([[]]);
    expect(state.selectedFieldId).toBeNull();
  });

  it('keeps the saved rows, drops empty ones and ends with an empty row', () => {
    const state = templateStateOf({
      type: 'FORM',
      children: [...layout([['a'], [], ['b', 'c']]).children],
    });
    expect(shape(state)).toEqual([['a'], ['b', 'c'], []]);
    expect(new Set(state.rows.map((row) => row.id)).size).toBe(3);
  });

  it('numbers new fields after the highest saved pole_N', () => {
    const state = run(templateStateOf(layout([['pole_7', 'x']])), { type: 'add', fieldType: 'TEXT' });
    expect(state.selectedFieldId).toBe('pole_8');
  });
});

describe('add', () => {
  it('adds the first field into the empty row and keeps a new empty row after it', () => {
    const state = run(templateStateOf(null), { type: 'add', fieldType: 'NUMBER' });
    expect(shape(state)).toEqual([['pole_1'], []]);
    expect(state.rows[0]!.fields[0]).toEqual(newField('NUMBER', 'pole_1'));
    expect(state.selectedFieldId).toBe('pole_1');
    expect(state.selectedRowId).toBe(state.rows[0]!.id);
  });

  it('adds after the selected field', () => {
    const start = templateStateOf(layout([['a', 'b'], ['c']]));
    const state = run(start, { type: 'select', fieldId: 'a' }, { type: 'add', fieldType: 'DATE' });
    expect(shape(state)).toEqual([['a', 'pole_1', 'b'], ['c'], []]);
  });

  it('adds at the end of a chosen row when no field is selected', () => {
    const start = templateStateOf(layout([['a'], ['c']]));
    const state = run(
      start,
      { type: 'selectRow', rowId: start.rows[0]!.id },
      { type: 'add', fieldType: 'TIME' },
    );
    expect(shape(state)).toEqual([['a', 'pole_1'], ['c'], []]);
  });

  it('adds into a new row when nothing is selected', () => {
    const state = run(templateStateOf(layout([['a']])), { type: 'add', fieldType: 'FILE' });
    expect(shape(state)).toEqual([['a'], ['pole_1'], []]);
  });

  it('adds at a dropped slot', () => {
    const start = templateStateOf(layout([['a', 'b']]));
    const state = run(start, {
      type: 'add',
      fieldType: 'LABEL',
      slot: { rowId: start.rows[0]!.id, index: 1 },
    });
    expect(shape(state)).toEqual([['a', 'pole_1', 'b'], []]);
  });

  it('ignores a slot in a row that does not exist', () => {
    const start = templateStateOf(layout([['a']]));
    expect(run(start, { type: 'add', fieldType: 'TEXT', slot: { rowId: 'nope', index: 0 } })).toBe(start);
  });

  it('never reuses a taken id', () => {
    const start = templateStateOf(layout([['pole_1', 'pole_2']]));
    const state = run(start, { type: 'add', fieldType: 'TEXT' }, { type: 'add', fieldType: 'TEXT' });
    expect(shape(state).flat()).toEqual(['pole_1', 'pole_2', 'pole_3', 'pole_4']);
  });
});

describe('newField', () => {
  it('starts each type with the configuration the builder asks for', () => {
    expect(newField('TEXT', 'x')).toMatchObject({ size: null, maxRows: 1, required: false });
    expect(newField('NUMBER', 'x')).toMatchObject({ numberType: null, minValue: null, maxValue: null });
    expect(newField('FILE', 'x')).toMatchObject({ maxNumberOfFiles: null, fileType: 'Any' });
    expect(newField('DICTIONARY', 'x')).toMatchObject({ dictionary: null, allowMultipleAnswers: false });
    expect(newField('LABEL', 'x')).toMatchObject({ labelType: null });
    expect(newField('LABEL', 'x')).not.toHaveProperty('required');
  });
});

describe('move', () => {
  const start = templateStateOf(layout([['a', 'b', 'c'], ['d']]));
  const [first, second, trailing] = start.rows;

  it('moves within a row, counting the slot with the field still in place', () => {
    expect(shape(run(start, { type: 'move', fieldId: 'a', slot: { rowId: first!.id, index: 3 } }))).toEqual([
      ['b', 'c', 'a'],
      ['d'],
      [],
    ]);
    expect(shape(run(start, { type: 'move', fieldId: 'c', slot: { rowId: first!.id, index: 0 } }))).toEqual([
      ['c', 'a', 'b'],
      ['d'],
      [],
    ]);
  });

  it('does nothing when dropped where it was', () => {
    expect(run(start, { type: 'move', fieldId: 'b', slot: { rowId: first!.id, index: 1 } })).toBe(start);
    expect(run(start, { type: 'move', fieldId: 'b', slot: { rowId: first!.id, index: 2 } })).toBe(start);
  });

  it('moves between rows and removes the row it leaves empty', () => {
    const state = run(start, { type: 'move', fieldId: 'd', slot: { rowId: first!.id, index: 1 } });
    expect(shape(state)).toEqual([['a', 'd', 'b', 'c'], []]);
    expect(state.rows.at(-1)).toBe(trailing);
  });

  it('opens a new row when dropped on the trailing empty row', () => {
    const state = run(start, { type: 'move', fieldId: 'b', slot: { rowId: trailing!.id, index: 0 } });
    expect(shape(state)).toEqual([['a', 'c'], ['d'], ['b'], []]);
  });

  it('keeps the rows it does not touch', () => {
    const state = run(start, { type: 'move', fieldId: 'a', slot: { rowId: first!.id, index: 2 } });
    expect(state.rows[1]).toBe(second);
    expect(state.rows[2]).toBe(trailing);
    expect(state.rows[0]!.fields[0]).toBe(start.rows[0]!.fields[1]);
  });

  it('ignores an unknown field or row', () => {
    expect(run(start, { type: 'move', fieldId: 'zz', slot: { rowId: first!.id, index: 0 } })).toBe(start);
    expect(run(start, { type: 'move', fieldId: 'a', slot: { rowId: 'nope', index: 0 } })).toBe(start);
  });
});

describe('moveBy', () => {
  const start = templateStateOf(layout([['a', 'b'], ['c']]));
  const moveBy = (fieldId: string, direction: 'up' | 'down' | 'left' | 'right', state = start) =>
    shape(run(state, { type: 'moveBy', fieldId, direction }));

  it('moves left and right within the row', () => {
    expect(moveBy('a', 'right')).toEqual([['b', 'a'], ['c'], []]);
    expect(moveBy('b', 'left')).toEqual([['b', 'a'], ['c'], []]);
  });

  it('does not move past the ends of a row', () => {
    expect(run(start, { type: 'moveBy', fieldId: 'a', direction: 'left' })).toBe(start);
    expect(run(start, { type: 'moveBy', fieldId: 'b', direction: 'right' })).toBe(start);
  });

  it('moves down into the next row at the same position, removing the emptied row', () => {
    expect(moveBy('b', 'down')).toEqual([['a'], ['c', 'b'], []]);
    const alone = templateStateOf(layout([['a'], ['b', 'c']]));
    expect(moveBy('a', 'down', alone)).toEqual([['a', 'b', 'c'], []]);
  });

  it('moves up into the previous row, removing the emptied row', () => {
    expect(moveBy('c', 'up')).toEqual([['c', 'a', 'b'], []]);
  });

  it('opens a row above when moving up from a shared first row', () => {
    const state = run(start, { type: 'moveBy', fieldId: 'b', direction: 'up' });
    expect(shape(state)).toEqual([['b'], ['a'], ['c'], []]);
    expect(new Set(state.rows.map((row) => row.id)).size).toBe(4);
  });

  it('opens a row below when moving down from a shared last row', () => {
    const last = templateStateOf(layout([['a'], ['b', 'c']]));
    expect(moveBy('c', 'down', last)).toEqual([['a'], ['b'], ['c'], []]);
  });

  it('leaves a field alone in the first row in place when moving up, in the last row when moving down', () => {
    const single = templateStateOf(layout([['a'], ['b']]));
    expect(run(single, { type: 'moveBy', fieldId: 'a', direction: 'up' })).toBe(single);
    expect(run(single, { type: 'moveBy', fieldId: 'b', direction: 'down' })).toBe(single);
  });

  it('keeps the selection on the moved field and its new row', () => {
    const selected = run(
      start,
      { type: 'select', fieldId: 'c' },
      { type: 'moveBy', fieldId: 'c', direction: 'up' },
    );
    expect(selected.selectedFieldId).toBe('c');
    expect(selected.selectedRowId).toBe(selected.rows[0]!.id);
  });
});

describe('canMove', () => {
  const { rows } = templateStateOf(layout([['a', 'b'], ['c']]));

  it('answers what moveBy would do', () => {
    expect(canMove(rows, 0, 0, 'left')).toBe(false);
    expect(canMove(rows, 0, 0, 'right')).toBe(true);
    expect(canMove(rows, 0, 1, 'right')).toBe(false);
    expect(canMove(rows, 0, 1, 'left')).toBe(true);
    expect(canMove(rows, 0, 0, 'up')).toBe(true); // opens a row above
    expect(canMove(rows, 0, 0, 'down')).toBe(true);
    expect(canMove(rows, 1, 0, 'up')).toBe(true);
    expect(canMove(rows, 1, 0, 'down')).toBe(false); // alone in the last filled row
    expect(canMove(rows, 5, 0, 'up')).toBe(false);
  });

  it('lets a lone field of the only row go nowhere', () => {
    const single = templateStateOf(layout([['a']])).rows;
    expect(
      (['up', 'down', 'left', 'right'] as const).map((direction) => canMove(single, 0, 0, direction)),
    ).toEqual([false, false, false, false]);
  });
});

describe('remove', () => {
  const start = templateStateOf(layout([['a', 'b'], ['c']]));

  it('removes a field and the row it empties', () => {
    expect(shape(run(start, { type: 'remove', fieldId: 'b' }))).toEqual([['a'], ['c'], []]);
    expect(shape(run(start, { type: 'remove', fieldId: 'c' }))).toEqual([['a', 'b'], []]);
  });

  it('clears the selection of the removed field only', () => {
    const removedSelected = run(start, { type: 'select', fieldId: 'c' }, { type: 'remove', fieldId: 'c' });
    expect(removedSelected.selectedFieldId).toBeNull();
    expect(removedSelected.selectedRowId).toBeNull();
    const other = run(start, { type: 'select', fieldId: 'a' }, { type: 'remove', fieldId: 'c' });
    expect(other.selectedFieldId).toBe('a');
  });

  it('removing the last field leaves one empty row', () => {
    const single = templateStateOf(layout([['a']]));
    expect(shape(run(single, { type: 'remove', fieldId: 'a' }))).toEqual([[]]);
  });

  it('ignores an unknown field', () => {
    expect(run(start, { type: 'remove', fieldId: 'zz' })).toBe(start);
  });
});

describe('update and select', () => {
  const start = templateStateOf(layout([['a'], ['b']]));

  it('patches one field and keeps the other rows', () => {
    const state = run(start, { type: 'update', fieldId: 'b', patch: { label: 'Wiek', required: true } });
    expect(state.rows[1]!.fields[0]).toMatchObject({ id: 'b', label: 'Wiek', required: true });
    expect(state.rows[0]).toBe(start.rows[0]);
    expect(run(start, { type: 'update', fieldId: 'zz', patch: { label: 'x' } })).toBe(start);
  });

  it('selects a field with its row, and clears an unknown selection', () => {
    const state = run(start, { type: 'select', fieldId: 'b' });
    expect(state).toMatchObject({ selectedFieldId: 'b', selectedRowId: start.rows[1]!.id });
    expect(run(state, { type: 'select', fieldId: 'b' })).toBe(state);
    expect(run(state, { type: 'select', fieldId: 'zz' })).toMatchObject({
      selectedFieldId: null,
      selectedRowId: null,
    });
  });

  it('choosing a row clears the selected field', () => {
    const state = run(
      start,
      { type: 'select', fieldId: 'b' },
      { type: 'selectRow', rowId: start.rows[0]!.id },
    );
    expect(state).toMatchObject({ selectedFieldId: null, selectedRowId: start.rows[0]!.id });
  });
});

describe('layoutOf', () => {
  it('sends the rows holding fields as a FORM of ROWs', () => {
    const state = templateStateOf(layout([['a', 'b'], ['c']]));
    expect(layoutOf(state.rows)).toEqual(layout([['a', 'b'], ['c']]));
  });
});
