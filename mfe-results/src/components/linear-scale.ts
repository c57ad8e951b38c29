export interface Range {
  min: number;
  max: number;
}

/** A linear map from `domain` onto `range` (pixels may run backwards: the y axis grows upwards). */
export function linearScale(domain: Range, range: Range): (value: number) => number {
  const span = domain.max - domain.min || 1;
  return (value) => range.min + ((value - domain.min) / span) * (range.max - range.min);
}
