export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { PasswordInput, type PasswordInputProps } from './PasswordInput';
export { AppLink, type AppLinkProps } from './AppLink';
