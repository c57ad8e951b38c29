/**
 * A phone held upright (390 px and the like): side-by-side layouts stack and wide tables scroll in
 * their own region. A media query key for Griffel's `makeStyles`.
 */
export const NARROW_WINDOW = '@media (max-width: 599px)';
