import { Button, Input, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons/svg/location';
import { useId, useState } from 'react';
import { useStackStyles } from 'shared-ui/components';
import {
  formatCoordinates,
  INVALID_COORDINATES_MESSAGE,
  openStreetMapUrl,
  parseCoordinates,
} from '@formularze/domain/schemas/coordinates';
import type { TextWidgetProps } from './types';
import { useWidgetTextStyles } from './widget-text-styles';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  input: { flexGrow: 1, minWidth: '16em' },
});

/** By `GeolocationPositionError.code`; each leaves typing the coordinates as the way on. */
const LOCATION_PROBLEMS: Record<number, string> = {
  1: 'Nie udzielono zgody na udostępnienie lokalizacji. Zezwól na nią w ustawieniach przeglądarki albo wpisz współrzędne.',
  2: 'Nie udało się ustalić lokalizacji. Spróbuj ponownie albo wpisz współrzędne.',
  3: 'Ustalanie lokalizacji trwało zbyt długo. Spróbuj ponownie albo wpisz współrzędne.',
};

/**
 * A LOCATION field: 'Pobierz lokalizację' asks the device for its position, or the coordinates are
 * typed; a valid point links to the map.
 */
export function LocationField({ inputId, describedBy, value, onChange, disabled, invalid }: TextWidgetProps) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const stack = useStackStyles();
  const hintId = useId();
  const messageId = useId();
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  // The format is judged once the person leaves the field, not at each keystroke.
  const [left, setLeft] = useState(false);
  const point = parseCoordinates(value);
  const wrongFormat = left && value.trim() !== '' && point === null;
  const geolocation = globalThis.navigator?.geolocation;

  const locate = () => {
    setLocating(true);
    setLocationProblem(null);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        setLeft(true);
        onChange(formatCoordinates(coords));
      },
      (error) => {
        setLocating(false);
        setLocationProblem(LOCATION_PROBLEMS[error.code] ?? LOCATION_PROBLEMS[2]!);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className={stack.xs}>
      <div className={styles.row}>
        <Input
          id={inputId}
          className={styles.input}
          value={value}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={invalid || wrongFormat}
          aria-describedby={[hintId, messageId, describedBy].filter(Boolean).join(' ')}
          onChange={(_event, data) => onChange(data.value)}
          onBlur={() => setLeft(true)}
        />
        {geolocation && (
          <Button icon={<LocationRegular />} disabled={disabled || locating} onClick={locate}>
            Pobierz lokalizację
          </Button>
        )}
      </div>
      <Text id={hintId} size={200} className={text.hint}>
        Szerokość i długość geograficzna, np. 52.229676, 21.012229
      </Text>
      {locating && <Spinner size="extra-tiny" labelPosition="after" label="Ustalanie lokalizacji…" />}
      <div id={messageId} role="alert">
        {wrongFormat && (
          <Text block size={200} className={text.problem}>
            {INVALID_COORDINATES_MESSAGE}
          </Text>
        )}
        {locationProblem && (
          <Text block size={200} className={text.problem}>
            {locationProblem}
          </Text>
        )}
      </div>
      {point && (
        <Link href={openStreetMapUrl(point)} target="_blank" rel="noopener noreferrer">
          Pokaż na mapie (otwiera się w nowej karcie)
        </Link>
      )}
    </div>
  );
}
