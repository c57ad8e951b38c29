import { makeStyles } from '@fluentui/react-components';

/**
 * `hidden`: out of sight but still read by screen readers, for live regions that announce what the
 * eye already sees happen (a countdown, a field moved).
 */
export const useVisuallyHiddenStyles = makeStyles({
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});
