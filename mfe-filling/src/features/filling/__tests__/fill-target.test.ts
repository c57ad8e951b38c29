import { fillTargetOfPath } from '../fill-target';

describe('fillTargetOfPath: the filling a fill route opens', () => {
  it.each([
    ['/formdata/add/5', { formId: 5, scheduledFormId: null, formDataId: null }],
    ['/formdata/add/5/', { formId: 5, scheduledFormId: null, formDataId: null }],
    ['/formdata/fill-scheduled-test/5/9', { formId: 5, scheduledFormId: 9, formDataId: null }],
    ['/formdata/edit/5/42', { formId: 5, scheduledFormId: null, formDataId: 42 }],
  ])('%s', (pathname, target) => expect(fillTargetOfPath(pathname)).toEqual(target));

  it.each([
    '/formdata/42',
    '/formdata/z/42/1767225600000',
    '/formdata/add',
    '/formdata/add/0',
    '/formdata/add/abc',
    '/formdata/add/5/6',
    '/formdata/edit/5',
    '/formdata/fill-scheduled-test/5/x',
    '/forms/active',
    '/',
  ])('%s is not one', (pathname) => expect(fillTargetOfPath(pathname)).toBeNull());
});
