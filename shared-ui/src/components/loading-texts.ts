/**
 * A read's spinner label and failed load's title from what it reads, in the genitive:
 * `loadingTexts('ustawień')` is 'Wczytywanie ustawień' and 'Nie udało się wczytać ustawień'.
 */
export const loadingTexts = (whatGenitive: string) => ({
  loading: `Wczytywanie ${whatGenitive}`,
  loadError: `Nie udało się wczytać ${whatGenitive}`,
});
