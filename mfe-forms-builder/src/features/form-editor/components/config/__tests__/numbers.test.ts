import { clampAssignmentDuration, decimalText, formatNumber, parseDecimal } from '../numbers';

describe('parseDecimal', () => {
  it('turns a decimal comma into a dot', () => {
    expect(decimalText('1,5')).toBe('1.5');
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal(' -2,25 ')).toBe(-2.25);
  });

  it('reads nothing typed as null', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('   ')).toBeNull();
  });

  it('reads text that is not a number as NaN', () => {
    expect(parseDecimal('-')).toBeNaN();
    expect(parseDecimal('1.2.3')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('1e5')).toBeNaN();
  });

  it('accepts what is typed on the way to a decimal', () => {
    expect(parseDecimal('1,')).toBe(1);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('+3')).toBe(3);
  });

  it('formats numbers back for an input', () => {
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('clampAssignmentDuration', () => {
  it('keeps whole days from 0 to 370', () => {
    expect(clampAssignmentDuration(10)).toBe(10);
    expect(clampAssignmentDuration(0)).toBe(0);
    expect(clampAssignmentDuration(370)).toBe(370);
    expect(clampAssignmentDuration(371)).toBe(370);
    expect(clampAssignmentDuration(-5)).toBe(0);
    expect(clampAssignmentDuration(12.7)).toBe(12);
    expect(clampAssignmentDuration(Number.NaN)).toBe(0);
  });
});
