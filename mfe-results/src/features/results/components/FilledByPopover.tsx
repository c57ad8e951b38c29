import {
  Button,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Fragment } from 'react';
import { AppLink } from 'shared-ui/components';
import { ADMIN_ROUTES, pathTo } from '@formularze/domain/schemas';
import type { ResultPerson } from '@formularze/domain/schemas/results';

const useStyles = makeStyles({
  // Reads as the name in a column of names, not as a centred button.
  trigger: { justifyContent: 'flex-start', textAlign: 'start', paddingInline: 0, minWidth: 0 },
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '24em' },
  contacts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, overflowWrap: 'anywhere' },
});

function addressOf(person: ResultPerson): string | null {
  const { address } = person;
  if (!address) return null;
  const town = [address.zipCode, address.city].filter(Boolean).join(' ');
  const text = [address.street, town, address.post].filter(Boolean).join(', ');
  return text || null;
}

export interface FilledByPopoverProps {
  person: ResultPerson;
  /** Whether 'Więcej' may lead to the person's page (`/persons/{id}`). */
  canOpenPerson: boolean;
}

/** The filler's name, opening their contact data and a 'Więcej' link to their page. */
export function FilledByPopover({ person, canOpenPerson }: FilledByPopoverProps) {
  const styles = useStyles();
  const contacts: [string, string | null][] = [
    ['E-mail', person.mail],
    ['Telefon', person.phone],
    ['ID szpitalne', person.hospitalIdentifier],
    ['Adres', addressOf(person)],
  ];
  return (
    <Popover withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={styles.trigger}
          aria-label={`Dane kontaktowe: ${person.name}`}
        >
          {person.name}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={`Dane kontaktowe: ${person.name}`}>
        <Text weight="semibold">{person.name}</Text>
        <dl className={styles.contacts}>
          {contacts.map(([term, value]) => (
            <Fragment key={term}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.detail}>{value ?? '—'}</dd>
            </Fragment>
          ))}
        </dl>
        {canOpenPerson && (
          <AppLink
            to={pathTo(ADMIN_ROUTES.editPerson, { personId: person.id })}
            aria-label={`Więcej o osobie ${person.name}`}
          >
            Więcej
          </AppLink>
        )}
      </PopoverSurface>
    </Popover>
  );
}
