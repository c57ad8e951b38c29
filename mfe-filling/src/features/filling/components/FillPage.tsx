import { Spinner } from '@fluentui/react-components';
import { useLocation } from 'shared-ui/routing';
import { fillTargetOfPath } from '../fill-target';
import { useStoredCopy } from '../hooks/useDeviceCopy';
import { useFillData, type FillTarget } from '../hooks/useFillData';
import { CannotFillPage } from './CannotFillPage';
import { FillForm } from './FillForm';

function LoadedFill({ target }: { target: FillTarget }) {
  const data = useFillData(target);
  const stored = useStoredCopy(target);
  if (data.status === 'cannot-fill') return <CannotFillPage formStatus={data.formStatus} />;
  if (data.status === 'loading' || stored.status === 'loading') {
    return <Spinner label="Wczytywanie formularza" />;
  }
  return (
    <FillForm
      target={target}
      template={data.template}
      slot={data.slot}
      filled={data.filled}
      deviceCopy={stored.copy}
    />
  );
}

/** /formdata/add/{formId}, /formdata/fill-scheduled-test/{formId}/{scheduledFormId}, /formdata/edit/{formId}/{formDataId} */
export function FillPage() {
  const target = fillTargetOfPath(useLocation().pathname);
  if (!target) return <CannotFillPage />;
  return (
    <LoadedFill key={`${target.formId}/${target.scheduledFormId}/${target.formDataId}`} target={target} />
  );
}
