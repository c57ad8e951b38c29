import { makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from 'shared-ui/components';
import { useApiClient, usePageTrail } from 'shared-ui/remote';
import { useLocation, useParams } from 'shared-ui/routing';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import { formDetailsQuery } from '../api';
import { FormEditor, type FormEditorMode } from './FormEditor';
import { PreviousEditionNotice } from './PreviousEditionNotice';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const FORMS_TITLE = 'Formularze';

/** §2: new without an id, display when the path says so, edit otherwise. */
export function editorModeOf(pathname: string, formId: string | undefined): FormEditorMode {
  if (!formId) return 'new';
  return pathname.includes('display') ? 'display' : 'edit';
}

export function editorTitle(mode: FormEditorMode, name: string | null): string | null {
  if (mode === 'new') return 'Nowy formularz';
  if (name === null) return null;
  return mode === 'display' ? `Tryb podglądu formularza: ${name}` : `Edycja ${name}`;
}

/** `/forms/add`, `/forms/edit/{formId}` and `/forms/display/{formId}`. */
export function FormEditorPage() {
  const styles = useStyles();
  const client = useApiClient();
  const { pathname } = useLocation();
  const { formId } = useParams();
  const requestedMode = editorModeOf(pathname, formId);
  const id = Number(formId);
  const validId = Number.isInteger(id) && id > 0;
  const form = useQuery({ ...formDetailsQuery(client, id), enabled: requestedMode !== 'new' && validId });
  // An edition replaced by a newer one cannot change any more (the API refuses): it opens as a preview.
  const previousEdition = form.data?.status === 'PREVIOUS_VERSION';
  const mode = previousEdition ? 'display' : requestedMode;
  const title = editorTitle(mode, form.data?.name ?? null);
  usePageTrail(title, { label: FORMS_TITLE, path: pathTo(FORMS_BUILDER_ROUTES.formList) });

  let content;
  if (mode === 'new') content = <FormEditor mode="new" form={null} />;
  else if (form.isSuccess)
    content = (
      <>
        {previousEdition && (
          <PreviousEditionNotice form={form.data} mode={requestedMode === 'edit' ? 'edit' : 'display'} />
        )}
        <FormEditor key={form.data.id} mode={mode} form={form.data} />
      </>
    );
  else if (form.isError || !validId)
    content = (
      <ErrorPanel
        title="Nie udało się wczytać formularza"
        message="Formularz nie istnieje, został usunięty albo nie należy do Twojej organizacji."
        onRetry={() => void form.refetch()}
      />
    );
  else content = <Spinner label="Wczytywanie formularza" />;

  return (
    <div className={styles.page}>
      {title && <Title2 as="h2">{title}</Title2>}
      {content}
    </div>
  );
}
