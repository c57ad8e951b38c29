import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import type { FormDetails } from '@formularze/domain/schemas/forms';
import { formEditionsQuery } from '../api';

/**
 * Says that `form` is an edition replaced by a newer one (the API refuses to change it) and links
 * to the current edition of its bag, opened as `mode` was.
 */
export function PreviousEditionNotice({ form, mode }: { form: FormDetails; mode: 'edit' | 'display' }) {
  const client = useApiClient();
  const editions = useQuery(formEditionsQuery(client, form.id));
  const current = editions.data?.find((edition) => edition.status !== 'PREVIOUS_VERSION');
  return (
    <MessageBar intent="warning">
      <MessageBarBody>
        To jest poprzednia wersja formularza (wersja {form.edition}) i można ją tylko przeglądać.{' '}
        {current && (
          <AppLink
            inline
            to={pathTo(mode === 'edit' ? FORMS_BUILDER_ROUTES.formEdit : FORMS_BUILDER_ROUTES.formDisplay, {
              formId: current.id,
            })}
          >
            Przejdź do bieżącej wersji (wersja {current.edition})
          </AppLink>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
