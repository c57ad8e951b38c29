export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { PasswordInput, type PasswordInputProps } from './PasswordInput';
export { AppLink, type AppLinkProps } from './AppLink';
export { FormCard, type FormCardProps } from './FormCard';
export { EmailLoginForm, type EmailLoginFormProps, type EmailLoginValues } from './EmailLoginForm';
export { EmptyTable, type EmptyTableProps } from './EmptyTable';
export { ScrollableTable, type ScrollableTableProps } from './ScrollableTable';
export { ColumnsTable, type ColumnsTableProps } from './ColumnsTable';
export { NARROW_WINDOW } from './narrow-window';
export { usePageStyles } from './page-styles';
export { useStackStyles } from './stack-styles';
export { useVisuallyHiddenStyles } from './visually-hidden-styles';
export { WrappingTabList } from './WrappingTabList';
export { RowActionsMenu, type RowActionsMenuProps } from './RowActionsMenu';
export { NewPasswordInput, type NewPasswordInputProps } from './NewPasswordInput';
export { NewPasswordFields, type NewPasswordFieldsProps } from './NewPasswordFields';
export { CaptchaField, type CaptchaFieldProps } from './CaptchaField';
export {
  Pagination,
  PaginationFor,
  SortedListPagination,
  type PaginationForProps,
  type PaginationProps,
  type SortedListPaginationProps,
} from './Pagination';
export { useDebouncedCallback } from './useDebouncedCallback';
export { nextSort, sortDirectionOf } from './table-sort';
export { SortableTableHeader, type SortableTableHeaderProps } from './SortableTableHeader';
export { PagedTable, pagedListTexts, type PagedQuery, type PagedTableProps } from './PagedTable';
export { FormsTable, type FormsTableProps } from './FormsTable';
export { LoadedTable, type LoadedTableProps } from './LoadedTable';
export { QueryContent, type QueryContentProps } from './QueryContent';
export { loadingTexts } from './loading-texts';
export { saveBlob } from './save-file';
export { usePagingCookie, type PagingCookieOptions, type PagingState } from './usePagingCookie';
export { useSortedPaging, type SortedPaging } from './useSortedPaging';
export { TextField, type TextFieldProps } from './TextField';
export { FormActions, type FormActionsProps } from './FormActions';
export { FormColumn, type FormColumnProps } from './FormColumn';
export {
  AddressFields,
  DescriptionField,
  FormGrid,
  GenderField,
  type AddressFieldsProps,
  type PersonDetailsFieldProps,
} from './PersonDetailsFields';
export { FileChooser, type FileChooserProps } from './FileChooser';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export {
  AccessListDialog,
  peopleMatching,
  PersonSearchBox,
  type AccessListDialogProps,
  type AccessListQuery,
} from './AccessListDialog';
export { StoredFileLink, openStoredFile, useStoredFileUrl, type StoredFileLinkProps } from './StoredFileLink';
export { useUnsavedChangesGuard, UNSAVED_CHANGES_MESSAGE } from './useUnsavedChangesGuard';
export { ActionsDialog, type ActionsDialogProps } from './ActionsDialog';
export { InfoDialog, type InfoDialogProps } from './InfoDialog';
export { InstructionVideoDialog, type InstructionVideoDialogProps } from './InstructionVideoDialog';
export { DateInput, type DateInputProps } from './DateInput';
export { TimeInput, type TimeInputProps } from './TimeInput';
export {
  DATE_PLACEHOLDER,
  formatDisplayDate,
  INVALID_DATE_MESSAGE,
  parseDisplayDate,
  parseTime,
  TIME_PLACEHOLDER,
} from './date-text';
export { ScoreHistogram, type HistogramBin, type ScoreHistogramProps } from './ScoreHistogram';
