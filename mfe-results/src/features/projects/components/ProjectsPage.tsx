import {
  Button,
  makeStyles,
  Spinner,
  TableBody,
  TableCell,
  TableRow,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  EmptyTable,
  ErrorPanel,
  SortableTableHeader,
  Pagination,
  ScrollableTable,
  usePagingCookie,
} from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortBy } from 'shared-ui/schemas/paging';
import { DEFAULT_PROJECT_SORT, type Project, type ProjectSortKey } from 'shared-ui/schemas/projects';
import { projectPageQuery } from '../api';
import { useProjectAction } from '../hooks/useProjectAction';
import { ProjectActionsMenu, type ProjectDialog } from './ProjectActionsMenu';
import { ProjectDuplicateDialog } from './ProjectDuplicateDialog';
import { ProjectUsersDialog } from './ProjectUsersDialog';

export const PROJECTS_TITLE = 'Projekty';

const COLUMNS: readonly {
  label: string;
  sortKey?: ProjectSortKey;
  text?: (project: Project) => string | null;
}[] = [
  { label: 'Nazwa', sortKey: 'name', text: (project) => project.name },
  { label: 'Opis', sortKey: 'description', text: (project) => project.internalDescription },
  { label: 'Powitalny SMS', sortKey: 'welcomeSmsMessage', text: (project) => project.welcomeSmsMessage },
  { label: 'Numer telefonu', sortKey: 'smsPhone', text: (project) => project.smsPhone },
  {
    label: 'Powitalny e-mail',
    sortKey: 'welcomeEmailMessage',
    text: (project) => project.welcomeEmailMessage,
  },
  { label: 'Opcje projektu' },
];

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  table: { marginBlock: tokens.spacingVerticalM },
  // Welcome messages can be long: they wrap instead of widening the table past the screen.
  text: { overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
});

/** `/groups`: the organization's projects, sortable and paged, with their options. */
export function ProjectsPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const paging = usePagingCookie(`projects-paging-${person?.id ?? 'guest'}`, {
    pageSizes: PAGE_SIZES,
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  const [sortBy, setSortBy] = useState<SortBy<ProjectSortKey>>(DEFAULT_PROJECT_SORT);
  const [open, setOpen] = useState<{ dialog: ProjectDialog; project: Project } | null>(null);
  const projects = useQuery(
    projectPageQuery(client, { page: paging.page, pageSize: paging.pageSize, sortBy }),
  );
  const action = useProjectAction();

  useEffect(() => shell.page.setTitle(PROJECTS_TITLE), [shell]);

  const opened = (dialog: ProjectDialog) => (open?.dialog === dialog ? open.project : null);
  const toRemove = opened('remove');
  const close = () => setOpen(null);

  const page = projects.data;
  return (
    <section>
      <div className={styles.header}>
        <Title2 as="h2" className={styles.grow}>
          {PROJECTS_TITLE}
        </Title2>
        {shell.permissions.has('admin:addGroup') && (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => shell.navigate('/form_group/add')}
          >
            Dodaj Nowy projekt
          </Button>
        )}
      </div>

      {projects.isError && !page && (
        <ErrorPanel
          title="Nie udało się pobrać projektów"
          message="Spróbuj ponownie później."
          onRetry={() => void projects.refetch()}
        />
      )}
      {projects.isPending && <Spinner label="Wczytywanie projektów" />}
      {page && page.totalElements === 0 && (
        <EmptyTable
          label={PROJECTS_TITLE}
          columns={COLUMNS.map(({ label }) => label)}
          emptyText="Brak projektów"
        />
      )}
      {page && page.totalElements > 0 && (
        <>
          <ScrollableTable
            sortable
            aria-label={PROJECTS_TITLE}
            className={styles.table}
            aria-busy={projects.isFetching}
          >
            <SortableTableHeader
              columns={COLUMNS}
              sortBy={sortBy}
              onSortChange={(next) => {
                setSortBy(next);
                paging.setPage(0);
              }}
            />
            <TableBody>
              {page.content.map((project) => (
                <TableRow key={project.id}>
                  {COLUMNS.map(({ label, text }) =>
                    text ? (
                      <TableCell key={label} className={styles.text}>
                        {text(project) || '—'}
                      </TableCell>
                    ) : (
                      <TableCell key={label}>
                        <ProjectActionsMenu
                          project={project}
                          busy={action.isPending}
                          onOpen={(dialog) => setOpen({ dialog, project })}
                        />
                      </TableCell>
                    ),
                  )}
                </TableRow>
              ))}
            </TableBody>
          </ScrollableTable>
          <Pagination
            label="Strony listy projektów"
            page={paging.page}
            pageSize={paging.pageSize}
            totalElements={page.totalElements}
            pageSizes={PAGE_SIZES}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}

      {open?.dialog === 'users' && <ProjectUsersDialog project={open.project} onClose={close} />}
      <ProjectDuplicateDialog
        project={opened('duplicate')}
        busy={action.isPending}
        onCancel={close}
        onDuplicate={(withUsers) => {
          if (open) action.mutate({ project: open.project, action: { kind: 'duplicate', withUsers } });
          close();
        }}
      />
      <ConfirmDialog
        open={toRemove !== null}
        title="Usunąć projekt?"
        confirmLabel="Usuń"
        busy={action.isPending}
        onCancel={close}
        onConfirm={() => {
          if (toRemove) action.mutate({ project: toRemove, action: { kind: 'remove' } });
          close();
        }}
      >
        {`Czy na pewno usunąć projekt ${toRemove?.name ?? ''}?`}
      </ConfirmDialog>
    </section>
  );
}
