import { saveBlob } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { fhirQuestionnaireFileName } from '@formularze/domain/schemas/fhir';
import { countOf } from '@formularze/domain/schemas/plural';
import { exportQuestionnaire } from '../api';

const ELEMENTS = { one: 'element', few: 'elementy', many: 'elementów' } as const;

/**
 * "Eksportuj jako FHIR": the form's edition saved as a FHIR R4 Questionnaire (JSON); what FHIR could
 * not hold is said in an alert, never dropped in silence (ADR 416).
 */
export function useFhirExport() {
  const client = useApiClient();
  const shell = useShell();
  return async (form: { id: number; edition: number }) => {
    try {
      const { questionnaire, issues } = await exportQuestionnaire(client, form.id);
      const json = JSON.stringify(questionnaire, null, 2);
      saveBlob(
        new Blob([json], { type: 'application/fhir+json' }),
        fhirQuestionnaireFileName(form.id, form.edition),
      );
      const left = issues.filter((issue) => issue.severity !== 'information');
      if (left.length) {
        shell.alerts.show({
          text:
            `Zapisano kwestionariusz FHIR; ${countOf(left.length, ELEMENTS)} bez odpowiednika w FHIR: ` +
            left.map((issue) => issue.diagnostics).join('; '),
        });
      }
    } catch {
      shell.alerts.show({ text: 'Nie udało się wyeksportować formularza do FHIR', isError: true });
    }
  };
}
