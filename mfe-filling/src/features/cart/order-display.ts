import { TEST_TYPE_LABELS, type CartElement } from '@formularze/domain/schemas/cart';

/** e.g. 'Węch i smak – 2 szt.' */
export const elementText = ({ testType, amount }: Pick<CartElement, 'testType' | 'amount'>) =>
  `${TEST_TYPE_LABELS[testType]} – ${amount} szt.`;
