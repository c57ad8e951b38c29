import type { AttachedFile } from '../attached-file';
import type { FillableField } from '../fillable-field';

/** A FILE or SIGN field's control on the fill page; the page renders its label and messages. */
export interface FilesWidgetProps {
  field: FillableField;
  /** The control's id: the page's `<label htmlFor>` names it. */
  inputId: string;
  /** Ids of the page's hint and error elements. */
  describedBy?: string;
  files: AttachedFile[];
  onChange(files: AttachedFile[]): void;
  disabled: boolean;
  /** Attached keys or uploaded ids the server refused (`file-type-not-allowed`). */
  invalidFileKeys: ReadonlySet<string>;
}

/** A LOCATION or QRCODE field's control: a text answer with a device to fill it. */
export interface TextWidgetProps {
  inputId: string;
  describedBy?: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  invalid: boolean;
}
