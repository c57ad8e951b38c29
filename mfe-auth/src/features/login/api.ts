import type { ApiClient } from 'shared-ui/api-client';
import { loginResponse, type EmployeeLoginBody, type PatientLoginBody } from '@formularze/domain/schemas';

export async function loginPatient(client: ApiClient, body: PatientLoginBody) {
  const response = await client.post('/api/auth/login', body);
  return loginResponse.parse(response.data);
}

export async function loginEmployee(client: ApiClient, body: EmployeeLoginBody) {
  const response = await client.post('/employees/v1/login', body);
  return loginResponse.parse(response.data);
}
