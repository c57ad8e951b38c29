import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Body1,
  Button,
  Field,
  Input,
  makeStyles,
  Select,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons/svg/person-add';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  loadingTexts,
  Pagination,
  QueryContent,
  useDebouncedCallback,
  usePageStyles,
  usePagingCookie,
} from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useNavigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, displayName, pathTo } from '@formularze/domain/schemas';
import {
  DEFAULT_MEMBERS_PAGE_SIZE,
  DEFAULT_MEMBERS_SORT,
  MEMBER_ROLES,
  memberRoleOf,
  MEMBERS_PAGE_SIZES,
  NAME_FILTER_DEBOUNCE_MS,
  ROLE_LABELS,
  type MemberRole,
} from '@formularze/domain/schemas/members';
import { membersListQuery, termsInForceQuery } from '../api';
import { MemberPanel } from './MemberPanel';

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  add: { marginInlineStart: 'auto' },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    minWidth: 0,
  },
  // A long name or e-mail breaks inside the row at a phone's width instead of running over its neighbours.
  name: { minWidth: 0, overflowWrap: 'anywhere' },
  login: { color: tokens.colorNeutralForeground3, minWidth: 0, overflowWrap: 'anywhere' },
});

export const MEMBERS_TITLE = 'Członkowie organizacji';

/** `/persons`: the organization's members, filtered, paged, one expandable panel each. */
export function MembersPage() {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const navigate = useNavigate();
  const me = useSyncExternalStore(shell.session.subscribe, shell.session.get).person;
  // §6: owners filter by role and see terms acceptances; editors get the plain list.
  const ownerView = shell.permissions.has('terms-page:view');
  const paging = usePagingCookie(`members-paging-${me?.id ?? 'guest'}`, {
    pageSizes: MEMBERS_PAGE_SIZES,
    defaultPageSize: DEFAULT_MEMBERS_PAGE_SIZE,
  });
  const [role, setRole] = useState<MemberRole | ''>('');
  const [typedName, setTypedName] = useState('');
  const [nameFilter, setNameFilter] = useState('');
  const applyNameFilter = useDebouncedCallback((name: string) => {
    setNameFilter(name.trim());
    paging.setPage(0);
  }, NAME_FILTER_DEBOUNCE_MS);

  useEffect(() => shell.page.setTitle(MEMBERS_TITLE), [shell]);

  const members = useQuery(
    membersListQuery(
      client,
      {
        page: paging.page,
        pageSize: paging.pageSize,
        // Administrators, then doctors, then patients; the newest first within a role (§9).
        sortBy: DEFAULT_MEMBERS_SORT,
        ...(role && { filterRole: role }),
        ...(nameFilter && { filterProperty: nameFilter }),
      },
      ownerView,
    ),
  );

  const termsInForce = useQuery({ ...termsInForceQuery(client), enabled: ownerView }).data === true;

  // A remembered page past the end (members were removed meanwhile): show the last one instead.
  const total = members.data?.totalElements ?? 0;
  const pageIsEmpty = members.data?.content.length === 0;
  const { page, pageSize, setPage } = paging;
  useEffect(() => {
    if (pageIsEmpty && page > 0 && total > 0) setPage(Math.ceil(total / pageSize) - 1);
  }, [pageIsEmpty, page, pageSize, total, setPage]);

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">{MEMBERS_TITLE}</Title2>
      <div className={styles.toolbar}>
        {ownerView && (
          <Field label="Rola">
            <Select
              value={role}
              onChange={(_event, data) => {
                setRole(data.value as MemberRole | '');
                paging.setPage(0);
              }}
            >
              <option value="">Wszystkie</option>
              {MEMBER_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label="Szukaj" hint="Imię, nazwisko, email, telefon lub identyfikator">
          <Input
            type="search"
            value={typedName}
            onChange={(_event, data) => {
              setTypedName(data.value);
              applyNameFilter(data.value);
            }}
          />
        </Field>
        {shell.permissions.has('add-persons-page:view') && (
          <Button
            className={styles.add}
            appearance="primary"
            icon={<PersonAddRegular />}
            onClick={() => navigate(pathTo(ADMIN_ROUTES.addPerson))}
          >
            Dodaj użytkownika
          </Button>
        )}
        {shell.permissions.has('access-log:view') && (
          <Button onClick={() => navigate(pathTo(ADMIN_ROUTES.accessLog))}>Dziennik dostępu</Button>
        )}
      </div>

      <QueryContent query={members} texts={loadingTexts('członków organizacji')}>
        {(membersPage) =>
          membersPage.content.length === 0 ? (
            <Body1>Brak użytkowników spełniających kryteria.</Body1>
          ) : (
            <Accordion collapsible multiple aria-label={MEMBERS_TITLE}>
              {membersPage.content.map((person) => (
                <AccordionItem key={person.id} value={person.id}>
                  <AccordionHeader>
                    <span className={styles.header}>
                      <Text weight="semibold" className={styles.name}>
                        {displayName(person)}
                      </Text>
                      <Badge appearance="outline">{ROLE_LABELS[memberRoleOf(person.user.authorities)]}</Badge>
                      {/* A person without a name is shown by their login already. */}
                      {person.user.username !== displayName(person) && (
                        <Text className={styles.login}>{person.user.username}</Text>
                      )}
                      {!person.user.activated && (
                        <Badge color="warning" appearance="tint">
                          Nieaktywny
                        </Badge>
                      )}
                      {termsInForce &&
                        person.currentTermsAccepted !== undefined &&
                        memberRoleOf(person.user.authorities) === 'ROLE_USER' && (
                          <Badge color={person.currentTermsAccepted ? 'success' : 'danger'} appearance="tint">
                            {person.currentTermsAccepted
                              ? 'Regulamin zaakceptowany'
                              : 'Regulamin niezaakceptowany'}
                          </Badge>
                        )}
                    </span>
                  </AccordionHeader>
                  <AccordionPanel>
                    <MemberPanel person={person} myId={me?.id} />
                  </AccordionPanel>
                </AccordionItem>
              ))}
            </Accordion>
          )
        }
      </QueryContent>
      {members.data && (
        <Pagination
          label="Strony listy członków"
          page={paging.page}
          pageSize={paging.pageSize}
          totalElements={members.data.totalElements}
          pageSizes={MEMBERS_PAGE_SIZES}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
        />
      )}
    </div>
  );
}
