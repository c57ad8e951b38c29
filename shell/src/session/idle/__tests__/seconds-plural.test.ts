import { idleCountdownText, secondsAccusative } from '../seconds-plural';

describe('seconds after "za"', () => {
  it.each([
    [0, 'sekund'],
    [1, 'sekundę'],
    [2, 'sekundy'],
    [4, 'sekundy'],
    [5, 'sekund'],
    [12, 'sekund'],
    [14, 'sekund'],
    [21, 'sekund'],
    [22, 'sekundy'],
    [24, 'sekundy'],
    [25, 'sekund'],
    [32, 'sekundy'],
    [60, 'sekund'],
    [112, 'sekund'],
  ])('%i → %s', (count, word) => {
    expect(secondsAccusative(count)).toBe(word);
  });

  it('builds the sentence of the idle dialog', () => {
    expect(idleCountdownText(60)).toBe('Automatyczne wylogowanie nastąpi za 60 sekund');
    expect(idleCountdownText(3)).toBe('Automatyczne wylogowanie nastąpi za 3 sekundy');
    expect(idleCountdownText(1)).toBe('Automatyczne wylogowanie nastąpi za 1 sekundę');
  });
});
