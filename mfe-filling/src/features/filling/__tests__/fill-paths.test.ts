import { isFillPath } from '../components/FillRoute';

describe('isFillPath: the routes whose code the area downloads as it loads', () => {
  it.each([
    '/formdata/add/5',
    '/formdata/fill-scheduled-test/5/9',
    '/formdata/edit/5/42',
    '/formdata/add/5/',
  ])('takes %s', (pathname) => expect(isFillPath(pathname)).toBe(true));

  it.each([
    '/formdata/42',
    '/formdata/z/42/1767225600000',
    '/formdata/add',
    '/formdata/edit/5',
    '/forms/active',
    '/',
  ])('leaves %s', (pathname) => expect(isFillPath(pathname)).toBe(false));
});
