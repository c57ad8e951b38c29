import { Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useState } from 'react';
import { saveBlob } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FHIR_BUNDLE_FILE_NAME } from '@formularze/domain/schemas/fhir';
import { RESULTS_CSV_FILE_NAME, type ResultsCsvOptions } from '@formularze/domain/schemas/results-csv';
import { downloadResultsCsv, downloadResultsFhirBundle } from '../api';

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

/**
 * 'Pobierz CSV': the edition's results as data.csv, with or without personal data and missed
 * fillings; 'Pobierz FHIR' the same filter as a FHIR R4 Bundle of QuestionnaireResponses (ADR 416).
 */
export function CsvDownload({ formId, personId }: CsvDownloadProps) {
  const styles = useStyles();
  const client = useApiClient();
  const shell = useShell();
  const [includePersonalData, setIncludePersonalData] = useState(false);
  const [includeMissingData, setIncludeMissingData] = useState(false);
  const [busy, setBusy] = useState(false);

  const download = async (format: 'csv' | 'fhir') => {
    setBusy(true);
    const options: ResultsCsvOptions = {
      includePersonalData,
      includeMissingData,
      ...(personId === undefined ? {} : { personId }),
    };
    try {
      if (format === 'csv')
        saveBlob(await downloadResultsCsv(client, formId, options), RESULTS_CSV_FILE_NAME);
      else saveBlob(await downloadResultsFhirBundle(client, formId, options), FHIR_BUNDLE_FILE_NAME);
    } catch {
      shell.alerts.show({
        text: format === 'csv' ? 'Nie udało się pobrać pliku CSV' : 'Nie udało się pobrać pliku FHIR',
        isError: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={styles.root}>
      <legend>Eksport wyników</legend>
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
      <Button icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void download('csv')}>
        Pobierz CSV
      </Button>
      <Button icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void download('fhir')}>
        Pobierz FHIR
      </Button>
    </fieldset>
  );
}
