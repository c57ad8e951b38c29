import { Button } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons/svg/navigation';

export function MenuToggle({
  open,
  onToggle,
  className,
}: {
  open: boolean;
  onToggle(): void;
  className: string;
}) {
  return (
    <Button
      className={className}
      icon={<NavigationRegular />}
      aria-label={open ? 'Zwiń menu' : 'Rozwiń menu'}
      // aria-expanded is what screen readers announce. No aria-controls: the drawer mounts in its own
      // lazy boundary, and a reference to an element not yet in the page is an invalid attribute value.
      aria-expanded={open}
      onClick={onToggle}
    />
  );
}
