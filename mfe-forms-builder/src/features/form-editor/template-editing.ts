import {
  DEFAULT_TEXT_MAX_ROWS,
  type FieldDataType,
  type FieldRule,
  type FormLayout,
  type RuleOperator,
  type TemplateField,
} from '@formularze/domain/schemas/form-template';

/**
 * The editor's template as rows of fields (§4 "Field editor behaviour"), and every change made to
 * it, as a reducer: actions name fields and rows by id, and a change keeps the identity of every
 * row and field it does not touch, so memoised rows and cards skip re-rendering.
 */

/**
 * A rule still being written: no operator until the person picks one (§5: the operator is
 * required, so its message can show), arguments empty until a number is typed.
 */
export type RuleDraft<Rule extends { arg1: number; operator: RuleOperator }> = Omit<
  Rule,
  'arg1' | 'operator'
> & {
  arg1: number | null;
  operator: RuleOperator | null;
};
export type FieldDraft = Omit<TemplateField, 'fieldRules'> & { fieldRules?: RuleDraft<FieldRule>[] };

export interface EditorRow {
  /** The editor's own key for the row (rows have no id in the template). */
  id: string;
  fields: FieldDraft[];
}

export interface TemplateState {
  /** Rows in order; the last one is always empty, a place to drop a field into a new row. */
  rows: EditorRow[];
  selectedFieldId: string | null;
  /** Where the palette inserts: the selected field's row, or a row chosen on its own. */
  selectedRowId: string | null;
  nextFieldNumber: number;
  nextRowNumber: number;
}

export type MoveDirection = 'up' | 'down' | 'left' | 'right';

/** A place in the template: before `index` in row `rowId` (the row's length: at its end). */
export interface Slot {
  rowId: string;
  index: number;
}

export type TemplateAction =
  /** Without a slot: after the selected field, else at the end of the selected row, else in a new row. */
  | { type: 'add'; fieldType: FieldDataType; slot?: Slot }
  | { type: 'move'; fieldId: string; slot: Slot }
  | { type: 'moveBy'; fieldId: string; direction: MoveDirection }
  | { type: 'remove'; fieldId: string }
  | { type: 'update'; fieldId: string; patch: Partial<FieldDraft> }
  | { type: 'select'; fieldId: string | null }
  | { type: 'selectRow'; rowId: string };

const FIELD_ID_PREFIX = 'pole_';
const ROW_ID_PREFIX = 'wiersz_';

/** A new field of `type` with the configuration the builder starts from (§3, §9). */
export function newField(type: FieldDataType, id: string): FieldDraft {
  const common = { id, type, label: '', text: '', noteEnabled: false, showInTableView: false };
  const answered = { ...common, required: false };
  switch (type) {
    case 'TEXT':
      return { ...answered, size: null, maxRows: DEFAULT_TEXT_MAX_ROWS };
    case 'TEXTAREA':
      return { ...answered, size: null };
    case 'NUMBER':
      return { ...answered, numberType: null, minValue: null, maxValue: null, decimalDigitNumber: null };
    case 'FILE':
      return { ...answered, maxNumberOfFiles: null, fileType: 'Any' };
    case 'DICTIONARY':
      return {
        ...answered,
        dictionary: null,
        allowMultipleAnswers: false,
        allowAlternativeAnswer: false,
        alternativeAnswerLabel: null,
        saveDictionaryGlobally: false,
      };
    case 'LABEL':
      return { ...common, labelType: null };
    default:
      return answered;
  }
}

/** The editor's state for a saved template (or an empty one). */
export function templateStateOf(layout: FormLayout | null): TemplateState {
  const rows = (layout?.children ?? [])
    .filter((row) => row.children.length > 0)
    .map((row, index) => ({ id: `${ROW_ID_PREFIX}${index + 1}`, fields: row.children as FieldDraft[] }));
  const numbers = rows.flatMap((row) =>
    row.fields.map((field) => Number(/^pole_(\d+)$/.exec(field.id)?.[1] ?? 0)),
  );
  const state: TemplateState = {
    rows,
    selectedFieldId: null,
    selectedRowId: null,
    nextFieldNumber: Math.max(0, ...numbers) + 1,
    nextRowNumber: rows.length + 1,
  };
  return withTrailingRow(state, state.rows);
}

/** The template to send: the rows that hold fields (drafts are checked by `formLayout` before). */
export function layoutOf(rows: readonly EditorRow[]): unknown {
  return {
    type: 'FORM',
    children: rows
      .filter((row) => row.fields.length > 0)
      .map((row) => ({ type: 'ROW', children: row.fields })),
  };
}

export function templateReducer(state: TemplateState, action: TemplateAction): TemplateState {
  switch (action.type) {
    case 'add':
      return addField(state, action.fieldType, action.slot ?? insertionSlot(state));
    case 'move':
      return moveField(state, action.fieldId, action.slot);
    case 'moveBy': {
      const target = slotAfterMove(state.rows, action.fieldId, action.direction);
      if (!target) return state;
      return 'newRowAbove' in target
        ? moveToNewFirstRow(state, action.fieldId)
        : moveField(state, action.fieldId, target);
    }
    case 'remove': {
      const place = locate(state.rows, action.fieldId);
      if (!place) return state;
      const rows = replaceRow(state.rows, place.rowIndex, (fields) =>
        fields.filter((field) => field.id !== action.fieldId),
      );
      const selectionGone = state.selectedFieldId === action.fieldId;
      return withTrailingRow(
        {
          ...state,
          selectedFieldId: selectionGone ? null : state.selectedFieldId,
          selectedRowId: selectionGone ? null : state.selectedRowId,
        },
        rows,
      );
    }
    case 'update': {
      const place = locate(state.rows, action.fieldId);
      if (!place) return state;
      const rows = replaceRow(state.rows, place.rowIndex, (fields) =>
        fields.map((field) => (field.id === action.fieldId ? { ...field, ...action.patch } : field)),
      );
      return { ...state, rows };
    }
    case 'select': {
      if (action.fieldId === state.selectedFieldId) return state;
      const place = action.fieldId === null ? null : locate(state.rows, action.fieldId);
      return {
        ...state,
        selectedFieldId: place ? action.fieldId : null,
        selectedRowId: place ? state.rows[place.rowIndex]!.id : null,
      };
    }
    case 'selectRow':
      if (state.selectedRowId === action.rowId && state.selectedFieldId === null) return state;
      return { ...state, selectedRowId: action.rowId, selectedFieldId: null };
  }
}

/** Whether `moveBy` in `direction` changes anything for the field at `fieldIndex` of row `rowIndex`. */
export function canMove(
  rows: readonly EditorRow[],
  rowIndex: number,
  fieldIndex: number,
  direction: MoveDirection,
): boolean {
  const row = rows[rowIndex];
  if (!row) return false;
  return canMoveAt(placeOf(rowIndex, rows.length, row.fields.length, fieldIndex), direction);
}

/**
 * A field's place as its card knows it: whether its row is the first or the last filled one, not
 * the row's number, so moving one field does not touch the cards of every row below.
 */
export interface FieldPlace {
  firstRow: boolean;
  /** The last row holding fields (only the trailing empty row follows it). */
  lastRow: boolean;
  rowLength: number;
  fieldIndex: number;
}

export const placeOf = (
  rowIndex: number,
  rowCount: number,
  rowLength: number,
  fieldIndex: number,
): FieldPlace => ({
  firstRow: rowIndex === 0,
  lastRow: rowIndex >= rowCount - 2,
  rowLength,
  fieldIndex,
});

/** `canMove` for a field's place. */
export function canMoveAt(
  { firstRow, lastRow, rowLength, fieldIndex }: FieldPlace,
  direction: MoveDirection,
) {
  switch (direction) {
    case 'left':
      return fieldIndex > 0;
    case 'right':
      return fieldIndex < rowLength - 1;
    case 'up':
      // From a shared first row the field opens a row of its own above.
      return !firstRow || rowLength > 1;
    case 'down':
      // Alone in the last filled row, it would only trade places with the trailing empty row.
      return !lastRow || rowLength > 1;
  }
}

/* ---------------------------------------------------------------- internals */

/** Where field `fieldId` is, or null. */
export function locate(rows: readonly EditorRow[], fieldId: string) {
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex += 1) {
    const fieldIndex = rows[rowIndex]!.fields.findIndex((field) => field.id === fieldId);
    if (fieldIndex >= 0) return { rowIndex, fieldIndex, field: rows[rowIndex]!.fields[fieldIndex]! };
  }
  return null;
}

function replaceRow(
  rows: readonly EditorRow[],
  rowIndex: number,
  change: (fields: FieldDraft[]) => FieldDraft[],
): EditorRow[] {
  return rows.map((row, index) => (index === rowIndex ? { ...row, fields: change(row.fields) } : row));
}

function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  const at = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}

function insertionSlot(state: TemplateState): Slot {
  const trailing = state.rows.at(-1)!;
  if (state.selectedFieldId) {
    const place = locate(state.rows, state.selectedFieldId);
    if (place) return { rowId: state.rows[place.rowIndex]!.id, index: place.fieldIndex + 1 };
  }
  const row = state.rows.find((candidate) => candidate.id === state.selectedRowId) ?? trailing;
  return { rowId: row.id, index: row.fields.length };
}

function freshFieldId(state: TemplateState): { id: string; nextFieldNumber: number } {
  const taken = new Set(state.rows.flatMap((row) => row.fields.map((field) => field.id)));
  let number = state.nextFieldNumber;
  while (taken.has(`${FIELD_ID_PREFIX}${number}`)) number += 1;
  return { id: `${FIELD_ID_PREFIX}${number}`, nextFieldNumber: number + 1 };
}

function addField(state: TemplateState, fieldType: FieldDataType, slot: Slot): TemplateState {
  const rowIndex = state.rows.findIndex((row) => row.id === slot.rowId);
  if (rowIndex < 0) return state;
  const { id, nextFieldNumber } = freshFieldId(state);
  const rows = replaceRow(state.rows, rowIndex, (fields) =>
    insertAt(fields, slot.index, newField(fieldType, id)),
  );
  return withTrailingRow({ ...state, nextFieldNumber, selectedFieldId: id, selectedRowId: slot.rowId }, rows);
}

function moveField(state: TemplateState, fieldId: string, slot: Slot): TemplateState {
  const from = locate(state.rows, fieldId);
  const toRowIndex = state.rows.findIndex((row) => row.id === slot.rowId);
  if (!from || toRowIndex < 0) return state;
  // An index counted with the field still in its row shifts by one once it is taken out.
  const index = toRowIndex === from.rowIndex && slot.index > from.fieldIndex ? slot.index - 1 : slot.index;
  if (toRowIndex === from.rowIndex && index === from.fieldIndex) return state;
  const without = replaceRow(state.rows, from.rowIndex, (fields) =>
    fields.filter((field) => field.id !== fieldId),
  );
  const rows = replaceRow(without, toRowIndex, (fields) => insertAt(fields, index, from.field));
  return withTrailingRow(state, rows);
}

function moveToNewFirstRow(state: TemplateState, fieldId: string): TemplateState {
  const from = locate(state.rows, fieldId);
  if (!from) return state;
  const without = replaceRow(state.rows, from.rowIndex, (fields) =>
    fields.filter((field) => field.id !== fieldId),
  );
  const row = { id: `${ROW_ID_PREFIX}${state.nextRowNumber}`, fields: [from.field] };
  return withTrailingRow({ ...state, nextRowNumber: state.nextRowNumber + 1 }, [row, ...without]);
}

/** Where `moveBy` puts the field, or null when it stays. A move up from the first row opens a row above. */
function slotAfterMove(
  rows: readonly EditorRow[],
  fieldId: string,
  direction: MoveDirection,
): Slot | { newRowAbove: true } | null {
  const place = locate(rows, fieldId);
  if (!place || !canMove(rows, place.rowIndex, place.fieldIndex, direction)) return null;
  const row = rows[place.rowIndex]!;
  switch (direction) {
    case 'left':
      return { rowId: row.id, index: place.fieldIndex - 1 };
    case 'right':
      return { rowId: row.id, index: place.fieldIndex + 2 };
    case 'up':
      if (place.rowIndex === 0) return { newRowAbove: true };
      return { rowId: rows[place.rowIndex - 1]!.id, index: place.fieldIndex };
    case 'down':
      return { rowId: rows[place.rowIndex + 1]!.id, index: place.fieldIndex };
  }
}

/**
 * Rows without fields are dropped and one empty row ends the list (§4); the trailing row keeps its
 * id when it was already there, so the canvas does not remount it. The selected row follows the
 * selected field.
 */
function withTrailingRow(state: TemplateState, rows: readonly EditorRow[]): TemplateState {
  const filled = rows.filter((row) => row.fields.length > 0);
  const last = rows.at(-1);
  const reuse = last !== undefined && last.fields.length === 0;
  const trailing = reuse ? last : { id: `${ROW_ID_PREFIX}${state.nextRowNumber}`, fields: [] };
  const next = [...filled, trailing];
  const fieldRow = state.selectedFieldId === null ? undefined : locate(next, state.selectedFieldId);
  const selectedRowId = fieldRow
    ? next[fieldRow.rowIndex]!.id
    : next.some((row) => row.id === state.selectedRowId)
      ? state.selectedRowId
      : null;
  return {
    ...state,
    rows: next,
    nextRowNumber: reuse ? state.nextRowNumber : state.nextRowNumber + 1,
    selectedRowId,
  };
}
