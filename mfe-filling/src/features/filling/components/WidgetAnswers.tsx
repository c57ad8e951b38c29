import { Spinner } from '@fluentui/react-components';
import { Suspense } from 'react';
import { lazyComponent } from 'shared-ui/routing';
import type { AttachedFile } from '../attached-file';
import type { AnswerInputProps } from './answer-props';
import { useFillContext } from './fill-context';

/**
 * Files, signatures, locations and QR codes need more code than typed answers (camera, canvas,
 * uploads); it loads only when a form has such a field.
 */
const FileField = lazyComponent(() => import('../widgets/FileField'), 'FileField');
const SignatureField = lazyComponent(() => import('../widgets/SignatureField'), 'SignatureField');
const LocationField = lazyComponent(() => import('../widgets/LocationField'), 'LocationField');
const QrCodeField = lazyComponent(() => import('../widgets/QrCodeField'), 'QrCodeField');

const loading = <Spinner size="tiny" />;

/** FILE and SIGN: the attached files; refused ones are marked after a save (§8). */
export function FilesAnswer({
  field,
  inputId,
  describedBy,
  value,
  onChange,
  disabled,
}: AnswerInputProps<AttachedFile[]>) {
  const { invalidFileKeys } = useFillContext();
  const Widget = field.type === 'SIGN' ? SignatureField : FileField;
  return (
    <Suspense fallback={loading}>
      <Widget
        field={field}
        inputId={inputId}
        describedBy={describedBy}
        files={value}
        onChange={onChange}
        disabled={disabled}
        invalidFileKeys={invalidFileKeys}
      />
    </Suspense>
  );
}

/** LOCATION ("52.229676, 21.012229") and QRCODE: text filled by the device or typed. */
export function DeviceTextAnswer({
  field,
  inputId,
  describedBy,
  value,
  onChange,
  invalid,
  disabled,
}: AnswerInputProps<string>) {
  const Widget = field.type === 'QRCODE' ? QrCodeField : LocationField;
  return (
    <Suspense fallback={loading}>
      <Widget
        inputId={inputId}
        describedBy={describedBy}
        value={value}
        onChange={onChange}
        invalid={invalid}
        disabled={disabled}
      />
    </Suspense>
  );
}
