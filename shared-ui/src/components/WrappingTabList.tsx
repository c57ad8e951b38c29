import { makeStyles, mergeClasses, TabList, type TabListProps } from '@fluentui/react-components';

// Fluent keeps the tabs on one line, which at the largest font is wider than a phone.
const useStyles = makeStyles({ list: { flexWrap: 'wrap' } });

/** A Fluent tab list whose tabs go on to a further line when the window is too narrow for them. */
export function WrappingTabList({ className, ...props }: TabListProps) {
  const styles = useStyles();
  return <TabList {...props} className={mergeClasses(styles.list, className)} />;
}
