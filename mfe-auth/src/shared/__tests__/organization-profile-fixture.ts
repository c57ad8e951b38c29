import type { OrganizationProfile } from '@formularze/domain/schemas/profile';

/** The organization's profile as the API answers it: open to self-registration, the rest unset. */
export function anOrganizationProfile(overrides: Partial<OrganizationProfile> = {}): OrganizationProfile {
  return {
    id: 1,
    orgName: 'Przychodnia',
    customFooter: null,
    orgMessage: null,
    orgCodeRegistration: null,
    enableUserActivation: false,
    enableSelfRegistration: true,
    enableCodeRegistration: false,
    editorsCanManageForms: false,
    editorsCanManageUsers: false,
    billingInfo: { name: null, street: null, zipCode: null, city: null, taxId: null, post: null },
    formDataCreatedWebhookUrl: null,
    ...overrides,
  };
}
