import { Button, makeStyles, TableCell, TableRow, Title2, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog, PagedTable, pagedListTexts, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { DEFAULT_PROJECT_SORT, type Project, type ProjectSortKey } from '@formularze/domain/schemas/projects';
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
  // Welcome messages keep their line breaks; long ones wrap between words like every cell.
  text: { whiteSpace: 'pre-line' },
});

/** `/groups`: the organization's projects, sortable and paged, with their options. */
export function ProjectsPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const list = useSortedPaging<SortBy<ProjectSortKey>>('projects', person?.id, DEFAULT_PROJECT_SORT);
  const [open, setOpen] = useState<{ dialog: ProjectDialog; project: Project } | null>(null);
  const projects = useQuery(projectPageQuery(client, { ...list.pageParams, sortBy: list.sort }));
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
            onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.projectAdd))}
          >
            Dodaj Nowy projekt
          </Button>
        )}
      </div>

      <PagedTable
        page={page}
        query={projects}
        label={PROJECTS_TITLE}
        columns={COLUMNS}
        list={list}
        texts={pagedListTexts('projektów')}
        className={styles.table}
        renderRow={(project) => (
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
        )}
      />

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
