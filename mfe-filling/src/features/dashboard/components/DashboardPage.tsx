import {
  Body1,
  Body1Strong,
  Button,
  Caption1,
  makeStyles,
  Spinner,
  Subtitle1,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useId } from 'react';
import { AppLink, ErrorPanel, useStackStyles } from 'shared-ui/components';
import { useSession, useShell } from 'shared-ui/remote';
import { isPlainPatient } from '@formularze/domain/schemas';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import type { MyForm, ScheduledForm } from '@formularze/domain/schemas/forms';
import { useNow } from '../../../shared/hooks/useNow';
import { ACTIVE_FORMS_PATH, editFilledDataPath, filledDataDetailsPath } from '../../../shared/my-forms/paths';
import { FillFormLink, FillSlotLink } from '../../../shared/my-forms/FillLinks';
import { autoRedirectTarget } from '../auto-redirect';
import { useAutoRedirect } from '../hooks/useAutoRedirect';
import { useDashboardLists } from '../hooks/useDashboardLists';
import { ActionBox } from './ActionBox';
import { DashboardWarnings } from './DashboardWarnings';
import { ExpandableList } from './ExpandableList';
import { StaffShortcuts } from './StaffShortcuts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '60em' },
  entry: { display: 'flex', flexDirection: 'column' },
  upcomingList: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  actions: { display: 'flex' },
});

/** The time-bound texts (an ending window) are checked again this often while the page is open. */
const CLOCK_TICK_MS = 30_000;

/** One thing to fill: an open scheduled window or a form without a schedule. */
type ToFill = { kind: 'slot'; slot: ScheduledForm } | { kind: 'form'; form: MyForm };

/** An entry's form, and under it when the entry ends or last changed, where known. */
function EntryName({ name, note }: { name: string; note: string | null }) {
  const styles = useStyles();
  return (
    <span className={styles.entry}>
      <Body1Strong>{name}</Body1Strong>
      {note && <Caption1>{note}</Caption1>}
    </span>
  );
}

function ToFillEntry({ item, now }: { item: ToFill; now: number }) {
  if (item.kind === 'form') {
    return (
      <>
        <Body1Strong>{item.form.name}</Body1Strong>
        <FillFormLink form={item.form} text="WYPEŁNIJ" />
      </>
    );
  }
  const { slot } = item;
  return (
    <>
      <EntryName name={slot.form.name} note={`Do ${formatDateTime(slot.endDate)}`} />
      {Date.parse(slot.endDate) <= now ? (
        <Body1>Czas na wypełnienie minął</Body1>
      ) : (
        <FillSlotLink slot={slot} text="WYPEŁNIJ" />
      )}
    </>
  );
}

/** `/`: what the person has to do today ('Dzisiejsze akcje'). */
export function DashboardPage() {
  const styles = useStyles();
  const stack = useStackStyles();
  const shell = useShell();
  const { person } = useSession();
  const upcomingHeadingId = useId();
  const now = useNow(CLOCK_TICK_MS);
  const patient = isPlainPatient(person?.authorities ?? '');
  const fillsForms = shell.permissions.has('form-fill:page');
  const lists = useDashboardLists({ enabled: fillsForms, withArchive: patient });

  useEffect(() => shell.page.setTitle('Dzisiejsze akcje'), [shell]);

  // A window stays until it ends unless it is done: filled, when its schedule fills it only once.
  const slotsToFill = lists.openSlots.filter((slot) => slot.readyToFill);
  const toFill: ToFill[] = [
    ...slotsToFill.map((slot) => ({ kind: 'slot' as const, slot })),
    ...lists.activeForms.map((form) => ({ kind: 'form' as const, form })),
  ];
  const pending = toFill.length + lists.drafts.length;
  const redirect =
    patient && lists.loaded
      ? autoRedirectTarget({
          activeForms: lists.activeForms,
          slotsToFill: slotsToFill.filter((slot) => Date.parse(slot.endDate) > now),
          drafts: lists.drafts,
          archivedForms: lists.archivedForms,
          completed: lists.completed,
        })
      : null;
  useAutoRedirect(redirect);

  return (
    <div className={styles.page}>
      <Title2 as="h2">Dzisiejsze akcje</Title2>
      {person && (
        <DashboardWarnings person={person} canOpenProfile={shell.permissions.has('profilePage:view')} />
      )}
      {redirect && <Body1 role="status">Za chwilę otworzy się Twój formularz…</Body1>}

      {fillsForms && lists.failed && (
        <ErrorPanel
          title="Nie udało się pobrać Twoich formularzy"
          message="Spróbuj ponownie za chwilę."
          onRetry={lists.retry}
        />
      )}
      {fillsForms && !lists.loaded && !lists.failed && <Spinner label="Wczytywanie Twoich formularzy" />}
      {lists.loaded && (
        <>
          {toFill.length > 0 && (
            <ActionBox title="Twoje formularze do wypełnienia" tone="todo">
              <ExpandableList
                items={toFill}
                keyOf={(item) => (item.kind === 'slot' ? `slot-${item.slot.id}` : `form-${item.form.id}`)}
                render={(item) => <ToFillEntry item={item} now={now} />}
              />
            </ActionBox>
          )}
          {lists.drafts.length > 0 && (
            <ActionBox title="Twoje zapisane formularze" tone="done">
              <ExpandableList
                items={lists.drafts}
                keyOf={(draft) => draft.id}
                render={(draft) => (
                  <>
                    <EntryName name={draft.form.name} note={`Zapisano ${formatDateTime(draft.updatedAt)}`} />
                    <AppLink
                      to={editFilledDataPath(draft.form.id, draft.id)}
                      aria-label={`EDYTUJ ${draft.form.name}`}
                    >
                      EDYTUJ
                    </AppLink>
                  </>
                )}
              />
            </ActionBox>
          )}
          {pending === 0 && <Body1>Brak akcji</Body1>}
          {lists.completed.length > 0 && (
            <ActionBox title="Twoje wypełnione formularze" tone="done">
              <ExpandableList
                items={lists.completed}
                keyOf={(filled) => filled.id}
                render={(filled) => (
                  <>
                    <EntryName
                      name={filled.form.name}
                      note={filled.completedAt && `Wysłano ${formatDateTime(filled.completedAt)}`}
                    />
                    <AppLink
                      to={filledDataDetailsPath(filled.id)}
                      aria-label={`Zobacz szczegóły wypełnienia ${filled.form.name}`}
                    >
                      Zobacz szczegóły wypełnienia
                    </AppLink>
                  </>
                )}
              />
            </ActionBox>
          )}
          {lists.upcoming.length > 0 && (
            <section aria-labelledby={upcomingHeadingId} className={stack.s}>
              <Subtitle1 as="h3" id={upcomingHeadingId}>
                Nadchodzące formularze
              </Subtitle1>
              <ul className={styles.upcomingList}>
                {lists.upcoming.map((slot) => (
                  <li key={slot.id}>
                    <Body1>
                      {slot.form.name}: od {formatDateTime(slot.startDate)} do {formatDateTime(slot.endDate)}
                    </Body1>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      {shell.permissions.has('activeforms-page:view') && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => shell.navigate(ACTIVE_FORMS_PATH)}>
            Formularze
          </Button>
        </div>
      )}
      {!patient && <StaffShortcuts />}
    </div>
  );
}
