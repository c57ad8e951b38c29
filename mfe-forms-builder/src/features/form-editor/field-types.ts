import type { FieldDataType } from '@formularze/domain/schemas/form-template';

/** How the editor names each field type (palette, cards, announcements). */
export const FIELD_TYPE_LABELS: Record<FieldDataType, string> = {
  TEXT: 'Tekst',
  TEXTAREA: 'Obszar tekstowy',
  NUMBER: 'Liczba',
  FILE: 'Plik',
  SIGN: 'Podpis',
  LOCATION: 'Lokalizacja',
  DICTIONARY: 'Słownik',
  TIME: 'Godzina',
  DATE: 'Data',
  DATETIME: 'Data i godzina',
  GROUP: 'Grupa',
  REPEATING_GROUP: 'Grupa powtarzalna',
  BOOL: 'Tak / Nie',
  PESEL: 'PESEL',
  QRCODE: 'Kod QR',
  LABEL: 'Etykieta',
};

/** What a field is called on the canvas: its label, else its type. */
export function fieldName(field: { label?: string | null; type: FieldDataType }): string {
  return field.label?.trim() || FIELD_TYPE_LABELS[field.type];
}
