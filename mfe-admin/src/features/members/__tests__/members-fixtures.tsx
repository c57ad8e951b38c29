import type { ReactElement } from 'react';
import { createObservable } from '@formularze/domain/contract';
import { permissionsFor, type CurrentPerson } from '@formularze/domain/schemas';
import type { MemberWithTerms } from '@formularze/domain/schemas/members';
import { aFakeApiClient, renderInRemote } from 'shared-ui/testing';

/** The API as the screens see it: one fake client, answers set per test. */
export const api = aFakeApiClient();

const address = { name: null, street: null, city: null, zipCode: null, post: null, phone: null };

export function aMember(
  overrides: Partial<Omit<MemberWithTerms, 'user'>> & {
    id: number;
    authorities?: string;
    activated?: boolean;
  },
) {
  const { authorities = 'ROLE_USER', activated = true, ...fields } = overrides;
  const person: MemberWithTerms = {
    firstName: 'Maria',
    surname: 'Wiśniewska',
    mail: null,
    phone: '+48600100200',
    title: null,
    description: null,
    gender: null,
    yearOfBirth: null,
    address,
    hospitalIdentifier: null,
    enableProfileDataEdition: true,
    createdAt: '2026-01-02T10:00:00.000Z',
    currentTermsAccepted: true,
    acceptedTerms: [],
    ...fields,
    user: {
      id: overrides.id,
      username: overrides.mail ?? overrides.phone ?? '+48600100200',
      email: overrides.mail ?? null,
      phone: overrides.phone ?? '+48600100200',
      authorities,
      activated,
      removedAt: null,
    },
  };
  return person;
}

export type Viewer = 'owner' | 'editor' | 'managing editor';

/** Renders `ui` at `path` for a signed-in owner or editor of organization 3 (person id 1). */
export function renderAs(viewer: Viewer, ui: ReactElement, path: string) {
  const person: CurrentPerson = {
    id: 1,
    firstName: 'Anna',
    surname: 'Nowak',
    mail: 'owner@demo.local',
    phone: null,
    authorities: viewer === 'owner' ? 'ROLE_OWNER' : 'ROLE_EDITOR',
    firstLogin: false,
    currentTermsAccepted: true,
    organization: {
      id: 3,
      orgName: 'Demo',
      editorsCanManageForms: false,
      editorsCanManageUsers: viewer === 'managing editor',
    },
  };
  const permissions = permissionsFor({
    authorities: person.authorities,
    organization: person.organization ?? undefined,
  });
  const show = jest.fn(() => 'alert');
  const result = renderInRemote('mfe-admin', ui, {
    path,
    shell: {
      session: createObservable({ status: 'authenticated', person }),
      permissions: { has: (key) => permissions.has(key) },
      alerts: { show, dismiss: jest.fn() },
    },
    api,
  });
  return { ...result, show };
}
