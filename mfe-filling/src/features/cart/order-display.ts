import { TEST_TYPE_LABELS, type CartElement } from 'shared-ui/schemas/cart';

/** Dates as the product shows them (§9: yyyy-MM-dd HH:mm), in Poland's time. */
const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** e.g. 'Węch i smak – 2 szt.' */
export const elementText = ({ testType, amount }: Pick<CartElement, 'testType' | 'amount'>) =>
  `${TEST_TYPE_LABELS[testType]} – ${amount} szt.`;
