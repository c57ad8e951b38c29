import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effectiveAuthorities, isPatient } from './effective-authorities';

test('only patients are held back by unaccepted terms', () => {
  assert.equal(effectiveAuthorities('ROLE_USER', false), 'ROLE_USER_NO_ACCEPTED_TERMS');
  assert.equal(effectiveAuthorities('ROLE_USER', true), 'ROLE_USER');
  for (const staff of [
    'ROLE_OWNER',
    'ROLE_EDITOR',
    'ROLE_ADMIN',
    'ROLE_USER,ROLE_EDITOR',
    'ROLE_OWNER, ROLE_USER',
  ]) {
    assert.equal(effectiveAuthorities(staff, false), staff);
    assert.equal(isPatient(staff), false, staff);
  }
  assert.equal(isPatient(' ROLE_USER '), true);
});
