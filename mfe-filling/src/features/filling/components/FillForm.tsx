import { makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DeviceAnswers } from 'shared-ui/device-answers';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { lazyComponent } from 'shared-ui/routing';
import {
  DELETE_FAILED_MESSAGE,
  DRAFT_DELETED_MESSAGE,
  type FilledForm,
} from '@formularze/domain/schemas/filled-data';
import type { FormTemplate, ScheduledForm } from '@formularze/domain/schemas/forms';
import { FILLING_ROUTES, FORMS_BUILDER_ROUTES, isPlainPatient, pathTo } from '@formularze/domain/schemas';
import { deleteFilledData } from '../api';
import { RESTORED_ANSWERS_MESSAGE, restoredValues, startingPoint } from '../device-copy';
import { buildFillModel, initialValues, type FormValues } from '../fill-model';
import { useDeviceCopyWriter } from '../hooks/useDeviceCopy';
import { useFillSave } from '../hooks/useFillSave';
import type { FillTarget } from '../hooks/useFillData';
import { Countdown } from './Countdown';
import { FillContext, type FillContextValue } from './fill-context';
import { FillRows } from './FillRows';
import { FormActions } from './FormActions';

/**
 * Fluent's dialog, with its motion and focus trap, is ~100 KB of script; a filling rarely deletes
 * its draft, so that code loads only for a draft, once the form is shown, rather than before every
 * form.
 */
const loadConfirmDialog = () => import('shared-ui/components');
const ConfirmDialog = lazyComponent(loadConfirmDialog, 'ConfirmDialog');
/** Asked only when the server holds a newer version than this device's copy: rare, so loaded then. */
const DeviceCopyChoice = lazyComponent(() => import('./DeviceCopyChoice'), 'DeviceCopyChoice');

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '72em' },
  description: { whiteSpace: 'pre-wrap' },
  restored: {
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    paddingLeft: tokens.spacingHorizontalM,
  },
});

/**
 * When saving stops being possible (§4 "Countdown"): the end of the scheduled window, or for a
 * submitted form its editableUntil (none: it cannot be changed), or for a draft of a scheduled
 * form the end of its window. Null when nothing limits it.
 */
function deadlineOf(slot: ScheduledForm | null, filled: FilledForm | null): number | null {
  if (filled) {
    if (filled.state === 'COMPLETED') return filled.editableUntil ? Date.parse(filled.editableUntil) : 0;
    return filled.scheduledExecutionEnd ? Date.parse(filled.scheduledExecutionEnd) : null;
  }
  return slot ? Date.parse(slot.endDate) : null;
}

export interface FillFormProps {
  target: FillTarget;
  template: FormTemplate;
  slot: ScheduledForm | null;
  filled: FilledForm | null;
  /** This account's copy of the answers kept on this device, if any (issue 30). */
  deviceCopy: DeviceAnswers | null;
}

/** The form being filled: its fields, the countdown and the buttons. */
export function FillForm({ target, template, slot, filled, deviceCopy }: FillFormProps) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const model = useMemo(() => buildFillModel(template.layoutElementObject), [template]);
  const readOnly = filled !== null && person !== null && filled.filledBy.id !== person.id;
  const [start] = useState(() => (readOnly ? 'server' : startingPoint(deviceCopy, filled)));
  const [serverValues] = useState(() => initialValues(model, filled));
  const [defaultValues] = useState(() =>
    start === 'device' ? restoredValues(model, serverValues, deviceCopy!.values) : serverValues,
  );
  const form = useForm<FormValues>({ mode: 'onTouched', defaultValues });
  const [restored, setRestored] = useState(start === 'device');
  const [choosing, setChoosing] = useState(start === 'ask');
  const deviceCopyWriter = useDeviceCopyWriter(form, target, !readOnly);
  const [invalidFileKeys, setInvalidFileKeys] = useState<ReadonlySet<string>>(() => new Set());
  const deadline = deadlineOf(slot, filled);
  const [expired, setExpired] = useState(() => deadline !== null && deadline < Date.now());
  const onExpired = useCallback(() => setExpired(true), []);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { save, saving } = useFillSave({
    model,
    target,
    filled,
    form,
    onRefusedFiles: setInvalidFileKeys,
    onSaved: deviceCopyWriter.discard,
  });
  const { control, clearErrors, getValues } = form;
  const context = useMemo<FillContextValue>(
    () => ({ control, clearErrors, getValues, readOnly, invalidFileKeys }),
    [control, clearErrors, getValues, readOnly, invalidFileKeys],
  );
  const numberKeys = useMemo(
    () => model.answered.filter(({ field }) => field.type === 'NUMBER').map(({ key }) => key),
    [model],
  );

  useEffect(() => shell.page.setTitle(template.name), [shell, template.name]);
  const canDelete = filled?.state === 'SAVED';
  useEffect(() => {
    if (canDelete) void loadConfirmDialog();
  }, [canDelete]);

  const cancel = () =>
    shell.navigate(
      person && isPlainPatient(person.authorities)
        ? pathTo(FILLING_ROUTES.activeForms)
        : pathTo(FORMS_BUILDER_ROUTES.formList),
    );

  const chooseServerVersion = () => {
    setChoosing(false);
    deviceCopyWriter.discard();
  };
  const chooseDeviceCopy = () => {
    setChoosing(false);
    form.reset(restoredValues(model, serverValues, deviceCopy!.values));
    setRestored(true);
  };

  const removeDraft = async () => {
    setConfirmingDelete(false);
    try {
      await deleteFilledData(client, target.formDataId!);
      deviceCopyWriter.discard();
      shell.alerts.show({ text: DRAFT_DELETED_MESSAGE });
      shell.navigate(pathTo(FILLING_ROUTES.dashboard));
    } catch {
      shell.alerts.show({ text: DELETE_FAILED_MESSAGE, isError: true });
    }
  };

  return (
    <section className={styles.root} aria-labelledby="fill-title">
      <Title2 as="h1" id="fill-title">
        {template.name}
      </Title2>
      {template.description && <Text className={styles.description}>{template.description}</Text>}
      {restored && (
        <Text role="status" className={styles.restored}>
          {RESTORED_ANSWERS_MESSAGE}
        </Text>
      )}
      {deadline !== null && <Countdown end={deadline} onExpired={onExpired} />}
      {/* Not a <form>: each field is one (FieldFrame). */}
      <div role="form" aria-labelledby="fill-title">
        <FillContext.Provider value={context}>
          <FillRows rows={model.rows} />
        </FillContext.Provider>
        <FormActions
          control={control}
          numberKeys={numberKeys}
          canSave={!readOnly}
          canDraft={template.allowDrafting && filled?.state !== 'COMPLETED'}
          canDelete={canDelete}
          locked={expired || saving}
          onCancel={cancel}
          onDraft={() => void save(true)}
          onDelete={() => setConfirmingDelete(true)}
          onSubmit={() => void save(false)}
        />
      </div>
      {canDelete && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmingDelete}
            title="Usuń wersję roboczą"
            confirmLabel="Usuń"
            onConfirm={() => void removeDraft()}
            onCancel={() => setConfirmingDelete(false)}
          >
            Czy na pewno chcesz usunąć wersję roboczą formularza?
          </ConfirmDialog>
        </Suspense>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <DeviceCopyChoice
            typedAt={deviceCopy!.typedAt}
            savedAt={filled!.updatedAt}
            onServer={chooseServerVersion}
            onDevice={chooseDeviceCopy}
          />
        </Suspense>
      )}
    </section>
  );
}
