import { operationLabel } from '../access-audit';

describe('operationLabel', () => {
  it('names a known operation and shows an unknown one by its code', () => {
    expect(operationLabel('audit.export')).toBe('Eksport dziennika dostępu');
    expect(operationLabel('future.operation')).toBe('future.operation');
  });
});
