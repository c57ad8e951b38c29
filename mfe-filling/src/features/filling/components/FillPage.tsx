import { Spinner } from '@fluentui/react-components';
import { useLocation, useParams } from 'shared-ui/routing';
import { useFillData, type FillTarget } from '../hooks/useFillData';
import { CannotFillPage } from './CannotFillPage';
import { FillForm } from './FillForm';

const idOf = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The filling of a form, a scheduled window or a saved filling (edit mode), by the route. */
function targetOf(path: string, params: Record<string, string | undefined>): FillTarget | null {
  const formId = idOf(params.formId);
  if (formId === null) return null;
  const editing = path.startsWith('/formdata/edit/');
  const formDataId = editing ? idOf(params.formdataId) : null;
  const scheduledFormId = params.scheduledFormId === undefined ? null : idOf(params.scheduledFormId);
  if (
    (editing && formDataId === null) ||
    (params.scheduledFormId !== undefined && scheduledFormId === null)
  ) {
    return null;
  }
  return { formId, scheduledFormId, formDataId };
}

function LoadedFill({ target }: { target: FillTarget }) {
  const data = useFillData(target);
  if (data.status === 'cannot-fill') return <CannotFillPage />;
  if (data.status === 'loading') return <Spinner label="Wczytywanie formularza" />;
  return <FillForm target={target} template={data.template} slot={data.slot} filled={data.filled} />;
}

/** /formdata/add/{formId}, /formdata/fill-scheduled-test/{formId}/{scheduledFormId}, /formdata/edit/{formId}/{formdataId} */
export function FillPage() {
  const { pathname } = useLocation();
  const target = targetOf(pathname, useParams());
  if (!target) return <CannotFillPage />;
  return (
    <LoadedFill key={`${target.formId}/${target.scheduledFormId}/${target.formDataId}`} target={target} />
  );
}
