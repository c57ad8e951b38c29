import { useState, type ReactElement } from 'react';
import type { ApiClient } from 'shared-ui/api-client';
import { aPerson, renderInRemote } from 'shared-ui/testing';

/**
 * Renders a controlled editor the way the form editor does: it keeps the value the editor reports
 * and hands it back, so typing accumulates; `onChange` records every reported value. The editor
 * calls the API through `api` when given.
 */
export function renderControlled<Value>(
  initial: Value,
  render: (props: { value: Value; onChange(next: Value): void }) => ReactElement,
  { api }: { api?: ApiClient } = {},
) {
  const onChange = jest.fn<void, [Value]>();
  function Controlled() {
    const [value, setValue] = useState(initial);
    return render({
      value,
      onChange: (next) => {
        onChange(next);
        setValue(next);
      },
    });
  }
  const result = renderInRemote('mfe-forms-builder', <Controlled />, {
    path: '/forms/add',
    person: aPerson('ROLE_OWNER'),
    api,
  });
  return { ...result, onChange, lastValue: () => onChange.mock.lastCall?.[0] };
}
