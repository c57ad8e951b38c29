import { Spinner } from '@fluentui/react-components';
import { useLocation } from 'shared-ui/routing';
import { fillTargetOfPath } from '../fill-target';
import { useFillData, type FillTarget } from '../hooks/useFillData';
import { CannotFillPage } from './CannotFillPage';
import { FillForm } from './FillForm';

function LoadedFill({ target }: { target: FillTarget }) {
  const data = useFillData(target);
  if (data.status === 'cannot-fill') return <CannotFillPage />;
  if (data.status === 'loading') return <Spinner label="Wczytywanie formularza" />;
  return <FillForm target={target} template={data.template} slot={data.slot} filled={data.filled} />;
}

/** /formdata/add/{formId}, /formdata/fill-scheduled-test/{formId}/{scheduledFormId}, /formdata/edit/{formId}/{formdataId} */
export function FillPage() {
  const target = fillTargetOfPath(useLocation().pathname);
  if (!target) return <CannotFillPage />;
  return (
    <LoadedFill key={`${target.formId}/${target.scheduledFormId}/${target.formDataId}`} target={target} />
  );
}
