import { Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useState } from 'react';
import { saveBlob } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { RESULTS_CSV_FILE_NAME } from '@formularze/domain/schemas/results-csv';
import { downloadResultsCsv } from '../api';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    margin: 0,
  },
});

export interface CsvDownloadProps {
  /** The form edition whose results are exported. */
  formId: number;
  /** Only this person's fillings. */
  personId?: number;
}

/** 'Pobierz CSV': the edition's results as data.csv, with or without personal data and missed fillings. */
export function CsvDownload({ formId, personId }: CsvDownloadProps) {
  const styles = useStyles();
  const client = useApiClient();
  const shell = useShell();
  const [includePersonalData, setIncludePersonalData] = useState(false);
  const [includeMissingData, setIncludeMissingData] = useState(false);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const csv = await downloadResultsCsv(client, formId, {
        includePersonalData,
        includeMissingData,
        ...(personId === undefined ? {} : { personId }),
      });
      saveBlob(csv, RESULTS_CSV_FILE_NAME);
    } catch {
      shell.alerts.show({ text: 'Nie udało się pobrać pliku CSV', isError: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={styles.root}>
      <legend>Eksport do CSV</legend>
      <Checkbox
        label="Z danymi osobowymi"
        checked={includePersonalData}
        onChange={(_event, data) => setIncludePersonalData(data.checked === true)}
      />
      <Checkbox
        label="Z niewypełnionymi"
        checked={includeMissingData}
        onChange={(_event, data) => setIncludeMissingData(data.checked === true)}
      />
      <Button icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void download()}>
        Pobierz CSV
      </Button>
    </fieldset>
  );
}
