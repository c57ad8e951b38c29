export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { PasswordInput, type PasswordInputProps } from './PasswordInput';
export { AppLink, type AppLinkProps } from './AppLink';
export { FormCard, type FormCardProps } from './FormCard';
export { EmptyTable, type EmptyTableProps } from './EmptyTable';
export { NewPasswordInput, type NewPasswordInputProps } from './NewPasswordInput';
export { NewPasswordFields, type NewPasswordFieldsProps } from './NewPasswordFields';
