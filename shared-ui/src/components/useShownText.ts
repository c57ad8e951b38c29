import { useState } from 'react';

/**
 * The text of a box that types a value: it starts as `format(value)` and stays as typed, but when
 * the page's value changes to something else than the text says (`read(text)`), the value wins.
 */
export function useShownText<Value>(
  value: Value,
  format: (value: Value) => string,
  read: (text: string) => Value,
) {
  const [text, setText] = useState(() => format(value));
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (value !== read(text)) setText(format(value));
  }
  return [text, setText] as const;
}
