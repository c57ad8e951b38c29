import type { ApiClient } from 'shared-ui/api-client';
import { loginResponse, type PatientLoginBody } from 'shared-ui/schemas';

export async function loginPatient(client: ApiClient, body: PatientLoginBody) {
  const response = await client.post('/api/auth/login', body);
  return loginResponse.parse(response.data);
}
