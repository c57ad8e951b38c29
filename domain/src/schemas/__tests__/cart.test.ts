import { deliveryInfo, isDeliveryComplete, priceElements, type KitPrice } from '../cart';
import { ZIP_FORMAT_MESSAGE } from '../profile';

const smell: KitPrice = { testType: 'SMELL_TEST', unitPrice: 6050, vatRate: 23, currency: 'PLN' };
const taste: KitPrice = { testType: 'TASTE_TEST', unitPrice: 999, vatRate: 8, currency: 'PLN' };

describe('priceElements', () => {
  it('adds VAT per line, rounded to the grosz, and sums the lines', () => {
    const { lines, totals } = priceElements(
      [
        { testType: 'SMELL_TEST', amount: 3 },
        { testType: 'TASTE_TEST', amount: 1 },
      ],
      [taste, smell],
    );
    // 181,50 × 23% = 41,745 → 41,75; 9,99 × 8% = 0,7992 → 0,80.
    expect(lines.map(({ net, vat, gross }) => ({ net, vat, gross }))).toEqual([
      { net: 18150, vat: 4175, gross: 22325 },
      { net: 999, vat: 80, gross: 1079 },
    ]);
    expect(totals).toEqual({ net: 19149, vat: 4255, gross: 23404, currency: 'PLN' });
  });

  it('is zero for nothing chosen, and refuses a kit without a price or mixed currencies', () => {
    expect(priceElements([], [smell]).totals).toEqual({ net: 0, vat: 0, gross: 0, currency: 'PLN' });
    expect(() => priceElements([{ testType: 'SMELLTASTE_TEST', amount: 1 }], [smell])).toThrow(
      'No price for SMELLTASTE_TEST',
    );
    expect(() =>
      priceElements(
        [
          { testType: 'SMELL_TEST', amount: 1 },
          { testType: 'TASTE_TEST', amount: 1 },
        ],
        [smell, { ...taste, currency: 'EUR' }],
      ),
    ).toThrow(/several currencies/);
  });
});

describe('delivery data', () => {
  const address = { name: 'Maria Wiśniewska', street: 'Jasna 1', zipCode: '00-950', city: 'Warszawa' };

  it('is complete only with a name, street, zip code and city that are not blank', () => {
    expect(isDeliveryComplete(address)).toBe(true);
    for (const part of ['name', 'street', 'zipCode', 'city'] as const) {
      expect(isDeliveryComplete({ ...address, [part]: '  ' })).toBe(false);
    }
  });

  it('takes an empty zip code or NN-NNN, trimmed', () => {
    expect(deliveryInfo.parse({ ...address, zipCode: ' 00-950 ' }).zipCode).toBe('00-950');
    expect(deliveryInfo.parse({ ...address, zipCode: '' }).zipCode).toBe('');
    const refused = deliveryInfo.safeParse({ ...address, zipCode: '00950' });
    expect(refused.error?.issues[0]?.message).toBe(ZIP_FORMAT_MESSAGE);
  });
});
