import { Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useMutation } from '@tanstack/react-query';
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

/** The files the results export to: how each is fetched, the name it is saved under, what its failure says. */
const EXPORTS = {
  csv: {
    fetch: downloadResultsCsv,
    fileName: RESULTS_CSV_FILE_NAME,
    failure: 'Nie udało się pobrać pliku CSV',
  },
  fhir: {
    fetch: downloadResultsFhirBundle,
    fileName: FHIR_BUNDLE_FILE_NAME,
    failure: 'Nie udało się pobrać pliku FHIR',
  },
} as const;

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
  const options: ResultsCsvOptions = {
    includePersonalData,
    includeMissingData,
    ...(personId === undefined ? {} : { personId }),
  };

  const download = useMutation({
    mutationFn: (format: keyof typeof EXPORTS) => EXPORTS[format].fetch(client, formId, options),
    onSuccess: (file, format) => saveBlob(file, EXPORTS[format].fileName),
    onError: (_error, format) => shell.alerts.show({ text: EXPORTS[format].failure, isError: true }),
  });

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
      <Button
        icon={<ArrowDownloadRegular />}
        disabled={download.isPending}
        onClick={() => download.mutate('csv')}
      >
        Pobierz CSV
      </Button>
      <Button
        icon={<ArrowDownloadRegular />}
        disabled={download.isPending}
        onClick={() => download.mutate('fhir')}
      >
        Pobierz FHIR
      </Button>
    </fieldset>
  );
}
