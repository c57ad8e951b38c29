import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Text,
  Textarea,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedChangesGuard } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import { formLayout, type FieldDataType } from '@formularze/domain/schemas/form-template';
import {
  FORM_NAME_MAX_LENGTH,
  formPayload,
  SCHEDULE_INCOMPLETE_MESSAGE,
  type FormDetails,
  type FormPayload,
  type FormSettings,
} from '@formularze/domain/schemas/forms';
import * as z from 'zod/mini';
import { canvasCollisions, canvasKeyboardCoordinates } from '../canvas-dnd';
import { fieldName } from '../field-types';
import { isFieldValid } from '../field-validation';
import { useSaveForm } from '../hooks/useSaveForm';
import {
  layoutOf,
  locate,
  templateReducer,
  templateStateOf,
  type FieldDraft,
  type MoveDirection,
  type TemplateAction,
} from '../template-editing';
import { ScheduleEditor, schedulePayloadOf, type ScheduleDraft } from '../../../components/schedule';
import {
  editorSettingsOf,
  FORM_RULES_INVALID_MESSAGE,
  settingsPayloadOf,
  settingsProblem,
  type EditorSettings,
} from '../editor-settings';
import { AdvancedSettings, formRulesOf, type FormRuleDraft } from './config';
import { FieldProperties } from './FieldProperties';
import { LiveAnnouncer, type Announcer } from './LiveAnnouncer';
import { Palette, PALETTE_ID_PREFIX } from './Palette';
import { RulesBacktest } from './RulesBacktest';
import { TemplateCanvas } from './TemplateCanvas';
import type { RowActions } from './TemplateRow';
import { borderedColumn } from './bordered-column';

export const LEAVE_QUESTION = 'Czy na pewno chcesz opuścić edycję formularza?';

/**
 * The workspace follows the width the editor gets, not the window's: the side menu and the font
 * size take their share first (at the largest font in a 1024 px window three columns left the
 * canvas 70 px). The property panel goes below the palette and canvas when the three do not fit,
 * and everything stacks when the canvas would be narrower than a card.
 */
const THREE_COLUMNS_TOO_NARROW = '@container form-editor (max-width: 899px)';
const TWO_COLUMNS_TOO_NARROW = '@container form-editor (max-width: 599px)';

const useStyles = makeStyles({
  editor: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    containerName: 'form-editor',
    containerType: 'inline-size',
  },
  header: { display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  workspace: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: '180px minmax(0, 1fr) 320px',
    alignItems: 'start',
    [THREE_COLUMNS_TOO_NARROW]: { gridTemplateColumns: '180px minmax(0, 1fr)' },
    [TWO_COLUMNS_TOO_NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  workspaceWithoutPalette: {
    gridTemplateColumns: 'minmax(0, 1fr) 320px',
    [THREE_COLUMNS_TOO_NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  panel: { ...borderedColumn, [THREE_COLUMNS_TOO_NARROW]: { gridColumn: '1 / -1' } },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

export type FormEditorMode = 'new' | 'edit' | 'display';

const headerSchema = z.object({
  name: formPayload.shape.name,
  description: z.string().check(z.maxLength(5000, 'Opis może mieć najwyżej 5000 znaków')),
});
type HeaderValues = z.infer<typeof headerSchema>;

const SELECTIONS: ReadonlySet<TemplateAction['type']> = new Set(['select', 'selectRow']);

const DIRECTION_WORDS: Record<MoveDirection, string> = {
  up: 'w górę',
  down: 'w dół',
  left: 'w lewo',
  right: 'w prawo',
};

interface DragData {
  name?: string;
  place?: string;
  fieldType?: FieldDataType;
  rowId?: string;
  index?: number;
}
const dataOf = (entry: { data: { current?: unknown } } | null) => (entry?.data.current ?? {}) as DragData;

/** What dnd-kit's own live region says while a field is dragged with the keyboard or the pointer. */
const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Podniesiono ${dataOf(active).name ?? 'pole'}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${dataOf(active).name ?? 'Pole'} nad: ${dataOf(over).place ?? dataOf(over).name ?? 'pole'}.`
      : `${dataOf(active).name ?? 'Pole'} poza formularzem.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Upuszczono ${dataOf(active).name ?? 'pole'}: ${dataOf(over).place ?? dataOf(over).name ?? 'pole'}.`
      : `Upuszczono ${dataOf(active).name ?? 'pole'} poza formularzem, nic się nie zmieniło.`,
  onDragCancel: ({ active }) => `Anulowano przeciąganie: ${dataOf(active).name ?? 'pole'}.`,
};
const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'Aby podnieść pole, naciśnij spację lub Enter. Strzałki przesuwają je nad inne pola i wiersze; spacja lub Enter upuszcza, Escape anuluje.',
};

// Module constants: new options on each render would give dnd-kit new sensors, and every draggable
// on the canvas would re-render with them.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter: canvasKeyboardCoordinates };
const ACCESSIBILITY = { announcements: ANNOUNCEMENTS, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS };

export interface FormEditorProps {
  mode: FormEditorMode;
  /** The saved form (edit and display); null for a new form. */
  form: FormDetails | null;
}

/**
 * The editor of one form (§2 "Form editor"): name and description, the palette, the canvas of rows,
 * the property panel of the selected field and the advanced settings. An ACTIVE form and the
 * display mode are read-only.
 */
export function FormEditor({ mode, form }: FormEditorProps) {
  const styles = useStyles();
  const shell = useShell();
  const active = form?.status === 'ACTIVE';
  const readOnly = mode === 'display' || active;

  const header = useForm<HeaderValues>({
    resolver: zodResolver(headerSchema),
    mode: 'onTouched',
    defaultValues: { name: form?.name ?? '', description: form?.description ?? '' },
  });
  const headerValid = header.formState.isValid;

  const [template, dispatch] = useReducer(
    templateReducer,
    form?.layoutElementObject ?? null,
    templateStateOf,
  );
  const [templateEdited, setTemplateEdited] = useState(false);
  const [settings, setSettingsState] = useState<EditorSettings>(() => editorSettingsOf(form));
  const [settingsEdited, setSettingsEdited] = useState(false);
  const save = useSaveForm(mode === 'edit' && form ? form.id : null);
  // Once saved, the editor leaves for the list without asking (the effect below runs after the guard's).
  const dirty =
    !readOnly && !save.isSuccess && (header.formState.isDirty || templateEdited || settingsEdited);
  const { confirmLeave, dialog: leaveDialog } = useUnsavedChangesGuard(dirty, LEAVE_QUESTION);
  useEffect(() => {
    if (save.isSuccess) shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formList));
  }, [save.isSuccess, shell]);

  const announcer = useRef<Announcer>(null);
  // The rows as of the last commit, for callbacks that must stay stable (drop, remove).
  const rowsRef = useRef(template.rows);
  useLayoutEffect(() => {
    rowsRef.current = template.rows;
  }, [template.rows]);
  /** A field moved by its buttons: focus follows it and its new place is announced. */
  const moved = useRef<{ fieldId: string; direction: MoveDirection } | null>(null);

  const edit = useCallback((action: TemplateAction) => {
    dispatch(action);
    if (!SELECTIONS.has(action.type)) setTemplateEdited(true);
  }, []);

  const changeSettings = useCallback((patch: Partial<EditorSettings>) => {
    setSettingsState((current) => ({ ...current, ...patch }));
    setSettingsEdited(true);
  }, []);
  const onSettingsChange = useCallback(
    (next: FormSettings) => changeSettings({ settings: next }),
    [changeSettings],
  );
  const onFormRulesChange = useCallback(
    (formRules: FormRuleDraft[]) => changeSettings({ formRules }),
    [changeSettings],
  );
  const onScheduleChange = useCallback(
    (schedule: ScheduleDraft) => changeSettings({ schedule }),
    [changeSettings],
  );
  const schedulePayload = useMemo(() => schedulePayloadOf(settings.schedule), [settings.schedule]);

  const actions = useMemo<RowActions>(
    () => ({
      select: (fieldId) => edit({ type: 'select', fieldId }),
      selectRow: (rowId) => edit({ type: 'selectRow', rowId }),
      moveBy: (fieldId, direction) => {
        moved.current = { fieldId, direction };
        edit({ type: 'moveBy', fieldId, direction });
      },
      remove: (fieldId) => {
        const place = locate(rowsRef.current, fieldId);
        edit({ type: 'remove', fieldId });
        if (place) announcer.current?.announce(`Usunięto pole „${fieldName(place.field)}”.`);
        document.querySelector<HTMLElement>('[data-canvas]')?.focus();
      },
    }),
    [edit],
  );

  const addField = useCallback(
    (fieldType: FieldDataType) => {
      edit({ type: 'add', fieldType });
    },
    [edit],
  );

  const updateField = useCallback(
    (fieldId: string, patch: Partial<FieldDraft>) => edit({ type: 'update', fieldId, patch }),
    [edit],
  );

  // After a move by button: keep the focus on the same button of the moved card (or its card when
  // that way is closed now), and say where the field is.
  useLayoutEffect(() => {
    const last = moved.current;
    if (!last) return;
    moved.current = null;
    const place = locate(template.rows, last.fieldId);
    if (!place) return;
    const card = document.querySelector(`[data-field-id="${CSS.escape(last.fieldId)}"]`);
    const button = card?.querySelector<HTMLButtonElement>(`[data-move="${last.direction}"]`);
    const target =
      button && !button.disabled ? button : card?.querySelector<HTMLElement>('[data-select-field]');
    target?.focus();
    const row = template.rows[place.rowIndex]!;
    announcer.current?.announce(
      `Pole „${fieldName(place.field)}” przesunięto ${DIRECTION_WORDS[last.direction]}: wiersz ${place.rowIndex + 1}, pozycja ${
        place.fieldIndex + 1
      } z ${row.fields.length}.`,
    );
  }, [template.rows]);

  // A new field: say so (the palette keeps the focus, so several fields can be added in a row).
  const lastAdded = useRef(template.nextFieldNumber);
  useEffect(() => {
    if (template.nextFieldNumber === lastAdded.current) return;
    lastAdded.current = template.nextFieldNumber;
    const place = template.selectedFieldId ? locate(template.rows, template.selectedFieldId) : null;
    if (place) {
      announcer.current?.announce(
        `Dodano pole „${fieldName(place.field)}”: wiersz ${place.rowIndex + 1}, pozycja ${place.fieldIndex + 1}.`,
      );
    }
  }, [template.nextFieldNumber, template.selectedFieldId, template.rows]);

  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );

  const onDragEnd = useCallback(
    ({ active: dragged, over }: DragEndEvent) => {
      if (!over || readOnly) return;
      const target = dataOf(over);
      const rows = rowsRef.current;
      const targetRow = rows.find((row) => row.id === target.rowId);
      if (!targetRow) return;
      const fromPalette = String(dragged.id).startsWith(PALETTE_ID_PREFIX);
      let index = typeof target.index === 'number' ? target.index : targetRow.fields.length;
      if (!fromPalette) {
        const from = locate(rows, String(dragged.id));
        // Within its own row a field dropped on a later one takes that one's place (after it).
        if (
          from &&
          rows[from.rowIndex]!.id === targetRow.id &&
          typeof target.index === 'number' &&
          index > from.fieldIndex
        ) {
          index += 1;
        }
        edit({ type: 'move', fieldId: String(dragged.id), slot: { rowId: targetRow.id, index } });
      } else if (dataOf(dragged).fieldType) {
        edit({ type: 'add', fieldType: dataOf(dragged).fieldType!, slot: { rowId: targetRow.id, index } });
      }
    },
    [edit, readOnly],
  );

  const fieldsValid = useMemo(
    () => template.rows.every((row) => row.fields.every((field) => isFieldValid(field))),
    [template.rows],
  );
  const settingsIssue = settingsProblem(settings);
  const canSave = !readOnly && headerValid && fieldsValid && settingsIssue === null && !save.isPending;
  const saveHint = readOnly
    ? null
    : !fieldsValid
      ? 'Uzupełnij ustawienia zaznaczonych pól, aby zapisać formularz.'
      : !headerValid
        ? 'Podaj nazwę formularza, aby go zapisać.'
        : settingsIssue;

  const onSave = header.handleSubmit((values) => {
    const payload = {
      name: values.name,
      description: values.description.trim() === '' ? null : values.description,
      layoutElementObject: layoutOf(template.rows),
      ...settingsPayloadOf(settings),
    };
    const checked = formPayload.safeParse(payload);
    if (!checked.success) {
      shell.alerts.show({
        text: checked.error.issues[0]?.message ?? 'Formularz zawiera błędy',
        isError: true,
      });
      return;
    }
    save.mutate(checked.data satisfies FormPayload);
  });

  // The back-test reads the editor as it is now, unsaved changes included.
  const backtestDraftOf = () => {
    if (!fieldsValid) return 'Uzupełnij ustawienia zaznaczonych pól, aby sprawdzić reguły.';
    const formRules = formRulesOf(settings.formRules);
    if (!formRules) return FORM_RULES_INVALID_MESSAGE;
    const layout = formLayout.safeParse(layoutOf(template.rows));
    if (!layout.success) return layout.error.issues[0]?.message ?? 'Formularz zawiera błędy';
    return { layoutElementObject: layout.data, formRules };
  };

  const leave = async () => {
    if (await confirmLeave()) shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formList));
  };

  const selected = template.selectedFieldId
    ? locate(template.rows, template.selectedFieldId)?.field
    : undefined;

  return (
    <form className={styles.editor} noValidate onSubmit={(event) => void onSave(event)}>
      {active && mode !== 'display' && (
        <MessageBar intent="info">
          <MessageBarBody>
            Formularz jest aktywny i nie można go edytować. Aby go zmienić, najpierw go wstrzymaj.
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.header}>
        <Controller
          control={header.control}
          name="name"
          render={({ field, fieldState }) => (
            <Field label="Nazwa formularza" required validationMessage={fieldState.error?.message}>
              <Input
                {...field}
                maxLength={FORM_NAME_MAX_LENGTH}
                disabled={readOnly}
                onChange={(_e, data) => field.onChange(data.value)}
              />
            </Field>
          )}
        />
        <Controller
          control={header.control}
          name="description"
          render={({ field, fieldState }) => (
            <Field label="Opis formularza" validationMessage={fieldState.error?.message}>
              <Textarea {...field} disabled={readOnly} onChange={(_e, data) => field.onChange(data.value)} />
            </Field>
          )}
        />
      </div>

      <AdvancedSettings
        value={settings.settings}
        onChange={onSettingsChange}
        schedule={schedulePayload}
        formRules={settings.formRules}
        onFormRulesChange={onFormRulesChange}
        scheduleEditor={
          <ScheduleEditor value={settings.schedule} onChange={onScheduleChange} disabled={readOnly} />
        }
        disabled={readOnly}
      />

      <DndContext
        sensors={sensors}
        collisionDetection={canvasCollisions}
        onDragEnd={onDragEnd}
        accessibility={ACCESSIBILITY}
      >
        <div className={mergeClasses(styles.workspace, readOnly && styles.workspaceWithoutPalette)}>
          {!readOnly && <Palette onAdd={addField} />}
          <TemplateCanvas
            rows={template.rows}
            selectedFieldId={template.selectedFieldId}
            selectedRowId={template.selectedRowId}
            readOnly={readOnly}
            actions={actions}
          />
          <aside className={styles.panel} aria-labelledby="form-editor-properties">
            <Subtitle2 as="h3" id="form-editor-properties">
              Właściwości pola
            </Subtitle2>
            {selected ? (
              <FieldProperties
                key={selected.id}
                field={selected}
                readOnly={readOnly}
                onChange={updateField}
              />
            ) : (
              <Text className={styles.muted}>Zaznacz pole, aby zobaczyć jego ustawienia.</Text>
            )}
          </aside>
        </div>
      </DndContext>

      {mode === 'edit' && form && !readOnly && <RulesBacktest formId={form.id} draftOf={backtestDraftOf} />}

      <div className={styles.actions}>
        <Button onClick={() => void leave()}>{readOnly ? 'Powrót' : 'Anuluj'}</Button>
        {settingsIssue === SCHEDULE_INCOMPLETE_MESSAGE && !readOnly ? (
          <Tooltip content={SCHEDULE_INCOMPLETE_MESSAGE} relationship="description">
            <Button appearance="primary" disabledFocusable>
              Zapisz
            </Button>
          </Tooltip>
        ) : (
          <Button appearance="primary" type="submit" disabledFocusable={!canSave}>
            {save.isPending ? 'Zapisywanie…' : 'Zapisz'}
          </Button>
        )}
        {saveHint && <Text className={styles.muted}>{saveHint}</Text>}
      </div>

      <LiveAnnouncer ref={announcer} />
      {leaveDialog}
    </form>
  );
}
