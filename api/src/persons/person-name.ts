/** How staff lists name a person: first name and surname, else the e-mail or phone they signed up with. */
export const personName = (person: {
  first_name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
}) => [person.first_name, person.surname].filter(Boolean).join(' ') || person.email || person.phone || '';
