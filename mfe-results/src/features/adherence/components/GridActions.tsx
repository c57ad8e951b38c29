import { Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog, saveBlob } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { ADHERENCE_CSV_FILE_NAME } from '@formularze/domain/schemas/adherence';
import { downloadAdherenceCsv, sendReminders, type AdherenceOf, type AdherenceParams } from '../api';
import { remindersQuestion, remindersSummary } from '../reminder-outcomes';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBlock: tokens.spacingVerticalS,
  },
});

export interface GridActionsProps {
  of: AdherenceOf;
  /** The screen's filter and order, which the export follows. */
  params: Omit<AdherenceParams, 'page' | 'pageSize'>;
  /** The patients of the page shown, and those of them chosen. */
  pagePersonIds: readonly number[];
  selected: ReadonlySet<number>;
  onSelectedChange(selected: ReadonlySet<number>): void;
}

/**
 * Above the grid (ADR 309): choose every patient of the page, remind the chosen ones now (after a
 * confirmation, with a summary of what became of each reminder), and download the grid as CSV.
 */
export function GridActions({ of, params, pagePersonIds, selected, onSelectedChange }: GridActionsProps) {
  const styles = useStyles();
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const remind = useMutation({
    mutationFn: () => sendReminders(client, of, [...selected]),
    onSuccess: (results) => {
      shell.alerts.show({ text: remindersSummary(results) });
      onSelectedChange(new Set());
      void queryClient.invalidateQueries({ queryKey: ['results', 'adherence'] });
    },
    onError: () => shell.alerts.show({ text: 'Nie udało się wysłać przypomnień', isError: true }),
    onSettled: () => setConfirming(false),
  });

  const download = useMutation({
    mutationFn: () => downloadAdherenceCsv(client, of, params),
    onSuccess: (csv) => saveBlob(csv, ADHERENCE_CSV_FILE_NAME),
    onError: () => shell.alerts.show({ text: 'Nie udało się pobrać pliku CSV', isError: true }),
  });

  const allChosen = pagePersonIds.length > 0 && pagePersonIds.every((id) => selected.has(id));
  const someChosen = pagePersonIds.some((id) => selected.has(id));
  return (
    <div className={styles.root} role="toolbar" aria-label="Działania na pacjentach">
      <Checkbox
        label="Zaznacz wszystkich na stronie"
        checked={allChosen ? true : someChosen ? 'mixed' : false}
        disabled={pagePersonIds.length === 0}
        onChange={() => onSelectedChange(new Set(allChosen ? [] : pagePersonIds))}
      />
      <Text aria-live="polite">Zaznaczono: {selected.size}</Text>
      <Button appearance="primary" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
        Wyślij przypomnienie
      </Button>
      <Button icon={<ArrowDownloadRegular />} disabled={download.isPending} onClick={() => download.mutate()}>
        Pobierz CSV
      </Button>
      <ConfirmDialog
        open={confirming}
        title={remindersQuestion(selected.size)}
        confirmLabel="Wyślij"
        busy={remind.isPending}
        onConfirm={() => remind.mutate()}
        onCancel={() => setConfirming(false)}
      >
        Każdy z nich dostanie jedną wiadomość, e-mail lub SMS, jak wybrał w profilu, o formularzu, który czeka
        na wypełnienie. Jeden pacjent dostaje najwyżej jedno takie przypomnienie dziennie; pacjenci, którzy
        wyłączyli przypomnienia, nie dostaną go wcale.
      </ConfirmDialog>
    </div>
  );
}
