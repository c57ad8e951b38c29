import { Badge } from '@fluentui/react-components';

/** A scheduled filling that was not done (state MISSED): grey, and nothing to open. */
export function MissedMarker() {
  return (
    <Badge appearance="tint" color="subtle" shape="rounded">
      Brak wypełnienia
    </Badge>
  );
}
