import {
  Body1,
  Button,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Subtitle2,
  Switch,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, useSyncExternalStore } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  AddressFields,
  DescriptionField,
  FormActions,
  FormColumn,
  FormGrid,
  GenderField,
  TextField,
} from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useNavigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, pathTo, type PermissionKey } from '@formularze/domain/schemas';
import {
  assignableRoles,
  DUPLICATE_FIELD_MESSAGE,
  DUPLICATE_FLAG_FIELDS,
  EDIT_DUPLICATE_MESSAGES,
  emptyPersonForm,
  EXISTING_PERSON_MESSAGE,
  memberRoleOf,
  PERSON_ADDED_MESSAGE,
  PERSON_UPDATED_MESSAGE,
  personFormFrom,
  personFormValues,
  ROLE_LABELS,
  sentPhone,
  toAddPersonBody,
  toUpdatePersonBody,
  typedPhone,
  type DuplicateFlag,
  type MatchingUsersBody,
  type Member,
  type PersonFormValues,
} from '@formularze/domain/schemas/members';
import { addPerson, allMembersKey, fetchMatchingUsers, updatePerson } from '../api';
import { personConflictOf, personSaveErrorMessage } from '../person-errors';

/** The fields checked against other people: a duplicate keeps the form from saving. */
type LookupField = 'phone' | 'mail' | 'hospitalIdentifier';
const LOOKUP_FLAGS: Record<LookupField, DuplicateFlag> = {
  phone: 'phone-exists',
  mail: 'email-exists',
  hospitalIdentifier: 'hospital-identifier-exists',
};

function lookupBody(field: LookupField, value: string): MatchingUsersBody | null {
  const text = value.trim();
  if (field === 'phone') {
    const phone = sentPhone(value);
    return phone ? { phone } : null;
  }
  if (!text) return null;
  return field === 'mail' ? { email: text.toLowerCase() } : { hospitalIdentifier: text };
}

export interface PersonFormProps {
  /** The person edited; adding when absent. */
  person?: Member;
}

/**
 * Adding (`/person/add`) and editing (`/persons/{id}`) a member: role, personal data, contact,
 * hospital identifier, address and, for owners, whether the person may edit their own data.
 */
export function PersonForm({ person }: PersonFormProps) {
  const mode = person ? 'edit' : 'add';
  const shell = useShell();
  const client = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSyncExternalStore(shell.session.subscribe, shell.session.get).person;
  const has = (key: PermissionKey) => shell.permissions.has(key);
  const roles = person ? [memberRoleOf(person.user.authorities)] : assignableRoles(has);
  const canSetDataEdition = has('admin:setAdminRole');
  const top = useRef<HTMLDivElement>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [existing, setExisting] = useState<Member | null>(null);
  const [duplicates, setDuplicates] = useState<ReadonlySet<LookupField>>(new Set());
  const {
    control,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<PersonFormValues>({
    resolver: zodResolver(personFormValues),
    defaultValues: person ? personFormFrom(person) : emptyPersonForm(),
  });
  const [role, phone, mail] = useWatch({ control, name: ['role', 'phone', 'mail'] });
  // §5: a new patient gives a phone or an email; while one is filled the other is disabled.
  const patientAdd = mode === 'add' && role === 'ROLE_USER';
  const staff = role === 'ROLE_OWNER' || role === 'ROLE_EDITOR';

  const showWarning = (text: string) => {
    setWarning(text);
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const markDuplicate = (field: LookupField, duplicate: boolean) => {
    setDuplicates((current) => {
      const next = new Set(current);
      if (duplicate) next.add(field);
      else next.delete(field);
      return next;
    });
    if (duplicate) setError(field, { type: 'duplicate', message: DUPLICATE_FIELD_MESSAGE });
    else if (getFieldState(field).error?.type === 'duplicate') clearErrors(field);
  };

  const changed = (field: LookupField) => {
    if (duplicates.has(field)) markDuplicate(field, false);
    setExisting(null);
  };

  /** Duplicates are found on leaving the field (§5), before the user fills in the rest. */
  const lookUp = async (field: LookupField) => {
    const body = lookupBody(field, getValues(field));
    if (!body || getFieldState(field).invalid) return;
    try {
      const matches = (await fetchMatchingUsers(client, body)).filter((match) => match.id !== person?.id);
      if (!matches[0]) return;
      markDuplicate(field, true);
      // Adding offers to edit the one found (§5); an edit cannot take another member's identifier.
      if (person) showWarning(EDIT_DUPLICATE_MESSAGES[LOOKUP_FLAGS[field]]);
      else setExisting(matches[0]);
    } catch (error) {
      const conflict = personConflictOf(error);
      if (!conflict) return; // The save checks again.
      markDuplicate(field, true);
      showWarning(personSaveErrorMessage(error, mode));
    }
  };

  const save = useMutation({
    mutationFn: (values: PersonFormValues) =>
      person
        ? updatePerson(client, person.id, toUpdatePersonBody(values, canSetDataEdition))
        : addPerson(client, me?.organization?.id ?? 0, toAddPersonBody(values, canSetDataEdition)),
    onSuccess: async () => {
      shell.alerts.show({ text: person ? PERSON_UPDATED_MESSAGE : PERSON_ADDED_MESSAGE });
      await queryClient.invalidateQueries({ queryKey: allMembersKey });
      navigate(pathTo(ADMIN_ROUTES.members));
    },
    onError: (error) => {
      personConflictOf(error)?.duplicates.forEach((flag) => markDuplicate(DUPLICATE_FLAG_FIELDS[flag], true));
      showWarning(personSaveErrorMessage(error, mode));
    },
  });

  const blocked =
    save.isPending ||
    duplicates.size > 0 ||
    Boolean(errors.phone || errors.mail || errors.hospitalIdentifier);

  return (
    <FormColumn
      maxWidth="720px"
      onSubmit={handleSubmit((values) => {
        setWarning(null);
        save.mutate(values);
      })}
    >
      <div ref={top} />
      {warning && (
        <MessageBar intent="warning">
          <MessageBarBody>{warning}</MessageBarBody>
        </MessageBar>
      )}
      {existing && (
        <MessageBar intent="info">
          <MessageBarBody>{EXISTING_PERSON_MESSAGE}</MessageBarBody>
          {has('editor:editPerson') && (
            <MessageBarActions>
              <Button onClick={() => navigate(pathTo(ADMIN_ROUTES.editPerson, { personId: existing.id }))}>
                Edytuj dane
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      <Body1>* Pola wymagane</Body1>

      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <Field label="Rola" required validationMessage={fieldState.error?.message}>
            <Select
              value={field.value}
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
              disabled={mode === 'edit'}
            >
              {mode === 'add' && <option value="">—</option>}
              {roles.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </Select>
          </Field>
        )}
      />

      <Subtitle2 as="h3">Dane osobowe</Subtitle2>
      <FormGrid>
        <TextField control={control} name="firstName" label="Imię" required={staff} autoComplete="off" />
        <TextField control={control} name="surname" label="Nazwisko" required={staff} autoComplete="off" />
        <TextField control={control} name="title" label="Tytuł" />
        <GenderField control={control} />
        <TextField
          control={control}
          name="mail"
          label="Adres email"
          type="email"
          required={staff}
          autoComplete="off"
          disabled={patientAdd && sentPhone(phone) !== null}
          onValueChange={() => changed('mail')}
          onBlur={() => void lookUp('mail')}
        />
        <TextField
          control={control}
          name="phone"
          label="Numer telefonu"
          type="tel"
          autoComplete="off"
          format={typedPhone}
          disabled={patientAdd && mail.trim() !== ''}
          onValueChange={() => changed('phone')}
          onBlur={() => void lookUp('phone')}
        />
        <TextField
          control={control}
          name="hospitalIdentifier"
          label="Identyfikator szpitalny"
          autoComplete="off"
          onValueChange={() => changed('hospitalIdentifier')}
          onBlur={() => void lookUp('hospitalIdentifier')}
        />
      </FormGrid>
      <DescriptionField control={control} />

      <AddressFields control={control} phoneFormat={typedPhone} />

      {canSetDataEdition && (
        <Controller
          control={control}
          name="enableProfileDataEdition"
          render={({ field }) => (
            <Switch
              checked={role === 'ROLE_OWNER' || field.value}
              disabled={role === 'ROLE_OWNER'}
              onChange={(_event, data) => field.onChange(data.checked)}
              label="Użytkownik może edytować swoje dane osobowe"
            />
          )}
        />
      )}

      <FormActions
        submitLabel={person ? 'Zapisz' : 'Dodaj'}
        disabled={blocked}
        onCancel={() => navigate(pathTo(ADMIN_ROUTES.members))}
      />
    </FormColumn>
  );
}
