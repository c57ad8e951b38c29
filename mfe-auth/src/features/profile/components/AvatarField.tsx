import { Avatar, Button, Field, Image, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo } from 'react';
import { FileChooser } from 'shared-ui/components';
import type { AvatarChange } from '../api';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface AvatarFieldProps {
  /** The stored avatar's URL. */
  current: string | null;
  change: AvatarChange;
  onChange(change: AvatarChange): void;
  name: string;
}

/** The avatar with its preview: a chosen image or a removal waits for the profile's save. */
export function AvatarField({ current, change, onChange, name }: AvatarFieldProps) {
  const styles = useStyles();
  const preview = useMemo(() => (change ? URL.createObjectURL(change) : null), [change]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = change === null ? null : (preview ?? current);

  return (
    <Field
      label="Zdjęcie profilowe"
      hint="PNG, JPEG lub WebP, najwyżej 2 MB. Zmiana zostanie zapisana razem z profilem."
    >
      <div className={styles.row}>
        {shown ? (
          // Fluent's Avatar hides its image from assistive technology; the preview must be seen.
          <Image
            src={shown}
            alt="Podgląd zdjęcia profilowego"
            shape="circular"
            width={72}
            height={72}
            fit="cover"
          />
        ) : (
          <Avatar size={72} name={name || undefined} aria-label="Brak zdjęcia profilowego" />
        )}
        <FileChooser
          buttonLabel="Wybierz zdjęcie"
          accept="image/png,image/jpeg,image/webp"
          inputProps={{ 'aria-label': 'Plik zdjęcia profilowego' }}
          onFiles={([file]) => onChange(file!)}
        />
        {shown && <Button onClick={() => onChange(null)}>Usuń zdjęcie</Button>}
        {change !== undefined && <Button onClick={() => onChange(undefined)}>Cofnij zmianę zdjęcia</Button>}
      </div>
    </Field>
  );
}
