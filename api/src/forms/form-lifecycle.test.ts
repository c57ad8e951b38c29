import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FORM_STATUSES, type FormStatus } from '@formularze/domain/schemas/forms';
import { AppError } from '../core/errors';
import { assertFormAction, statusAfter, type FormAction, type FormState } from './form-lifecycle';

const ready = (status: FormStatus): FormState => ({ status, hasProject: true, templateEmpty: false });

function refusal(action: FormAction, state: FormState): { statusCode: number; code?: string } | null {
  try {
    assertFormAction(action, state);
    return null;
  } catch (error) {
    assert.ok(error instanceof AppError);
    return { statusCode: error.statusCode, code: error.code };
  }
}

test('draft → active → paused → active, each step by its own action', () => {
  let status: FormStatus = 'DRAFT';
  for (const action of ['activate', 'deactivate', 'activate'] as const) {
    assert.equal(refusal(action, ready(status)), null, `${action} from ${status}`);
    status = statusAfter(action, status);
  }
  assert.equal(status, 'ACTIVE');
  assert.equal(statusAfter('deactivate', 'ACTIVE'), 'PAUSED');
});

test('an active form cannot be edited, deleted or moved until paused; it can be duplicated', () => {
  for (const action of ['edit', 'remove', 'change-project'] as const) {
    assert.deepEqual(refusal(action, ready('ACTIVE')), { statusCode: 409, code: 'form-is-active' });
    assert.equal(refusal(action, ready('PAUSED')), null);
  }
  assert.equal(refusal('duplicate', ready('ACTIVE')), null);
  assert.deepEqual(refusal('activate', ready('ACTIVE')), { statusCode: 409, code: 'form-already-active' });
});

test('activation needs a project, then a template with something to fill', () => {
  assert.deepEqual(refusal('activate', { status: 'DRAFT', hasProject: false, templateEmpty: true }), {
    statusCode: 400,
    code: 'form-without-project',
  });
  assert.deepEqual(refusal('activate', { status: 'PAUSED', hasProject: true, templateEmpty: true }), {
    statusCode: 400,
    code: 'template-is-empty',
  });
});

test('only an active form is paused', () => {
  for (const status of FORM_STATUSES.filter(
    (known) => !['ACTIVE', 'DELETED', 'PREVIOUS_VERSION'].includes(known),
  )) {
    assert.deepEqual(refusal('deactivate', ready(status)), { statusCode: 409, code: 'form-not-active' });
  }
});

test('sent and archived forms are read-only but can be deleted and copied', () => {
  for (const status of ['SENT', 'ARCHIVE'] as const) {
    assert.deepEqual(refusal('edit', ready(status)), { statusCode: 409, code: 'form-not-editable' });
    assert.deepEqual(refusal('activate', ready(status)), { statusCode: 409, code: 'form-not-activatable' });
    assert.equal(refusal('remove', ready(status)), null);
    assert.equal(statusAfter('remove', status), 'DELETED');
    assert.equal(refusal('duplicate', ready(status)), null);
  }
});

test('older editions are history; deleted forms do not exist', () => {
  for (const action of [
    'edit',
    'remove',
    'activate',
    'deactivate',
    'change-project',
    'assign-users',
  ] as const) {
    assert.deepEqual(refusal(action, ready('PREVIOUS_VERSION')), {
      statusCode: 409,
      code: 'form-is-previous-version',
    });
    assert.deepEqual(refusal(action, ready('DELETED')), { statusCode: 404, code: 'form-not-found' });
  }
  assert.equal(refusal('duplicate', ready('PREVIOUS_VERSION')), null);
});
