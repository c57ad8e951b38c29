/** The alert SMS a submission's rule sends to staff, with the person's details filled in. */
export interface AlertPerson {
  firstName: string | null;
  surname: string | null;
  hospitalIdentifier: string | null;
  phone: string | null;
}

/** Points as the SMS shows them: at most 2 decimals, no trailing zeros (7, 7.5, 7.25). */
export const formatPoints = (total: number) => String(Math.round(total * 100) / 100);

/** The SMS text with {imie} {nazwisko} {identyfikator} {telefon} {suma_punktow} filled (unknown: empty). */
export function fillAlertPlaceholders(message: string, person: AlertPerson, totalWeight: number): string {
  const values: Record<string, string> = {
    imie: person.firstName ?? '',
    nazwisko: person.surname ?? '',
    identyfikator: person.hospitalIdentifier ?? '',
    telefon: person.phone ?? '',
    suma_punktow: formatPoints(totalWeight),
  };
  return message.replace(
    /\{(imie|nazwisko|identyfikator|telefon|suma_punktow)\}/g,
    (_, key: string) => values[key]!,
  );
}
