import { Title2 } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink, FormsTable, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import type { FormListSortKey } from '@formularze/domain/schemas/forms';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { filledFormsListQuery } from '../api';

/** `/filled-forms`: the organization's forms without the action column, each leading to its results. */
export function FilledFormsPage() {
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const list = useSortedPaging<SortBy<FormListSortKey>>('forms', person?.id, 'name');
  const forms = useQuery(filledFormsListQuery(client, { ...list.pageParams, sortBy: list.sort }));

  useEffect(() => shell.page.setTitle('Wypełnione formularze'), [shell]);

  return (
    <section>
      <Title2 as="h2">Wypełnione formularze</Title2>
      <FormsTable
        page={forms.data}
        query={forms}
        list={list}
        renderName={(form) => (
          <AppLink
            to={pathTo(RESULTS_ROUTES.filledData, { formId: form.id })}
            aria-label={`Wyniki formularza ${form.name}`}
          >
            {form.name}
          </AppLink>
        )}
      />
    </section>
  );
}
