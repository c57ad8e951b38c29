import { useState, type FormEvent } from 'react';
import type { PagingState } from 'shared-ui/components';

export const LOG_PAGE_SIZES = [20, 50, 100] as const;

/** An identifier typed in a filter's box, or undefined when the box is empty or holds no number. */
export const typedId = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** The start of a day typed in the browser's time zone; `to` ends with the day it names. */
const dayStart = (day: string, plusDays = 0) => {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00`);
  start.setDate(start.getDate() + plusDays);
  return start.toISOString();
};

/** The period typed in "Od dnia" and "Do dnia", both days included. */
export const periodOf = ({ from, to }: { from: string; to: string }) => ({
  from: dayStart(from),
  to: dayStart(to, 1),
});

/** A log's filter as query parameters: the ones left empty are left out. */
export function filterParams(filter: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** A filter box's value and change handler, as `Input` and `Select` take them. */
export interface FilterBox {
  value: string;
  onChange(event: unknown, data: { value: string }): void;
}

/**
 * A log's filter: the boxes as typed (`form`, texts, empty when not used), the filter they make
 * once submitted, which starts again at the first page, and the page shown.
 */
export function useLogFilter<Form extends { [Name in keyof Form]: string }, Filter>(
  emptyForm: Form,
  filterOf: (form: Form) => Filter,
) {
  const [form, setForm] = useState(emptyForm);
  const [filter, setFilter] = useState(() => filterOf(emptyForm));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZES[0]);
  const box = (name: keyof Form): FilterBox => ({
    value: form[name],
    onChange: (_event, data) => setForm((previous) => ({ ...previous, [name]: data.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(filterOf(form));
    setPage(0);
  };
  const paging: PagingState = {
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(0);
    },
  };
  return { box, submit, filter, paging };
}
