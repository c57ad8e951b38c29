import { screenReadsFor } from '../screen-reads';

describe('the reads a screen starts from', () => {
  it.each([
    ['/formdata/add/12', ['/api/form_template/12']],
    ['/formdata/fill-scheduled-test/12/40', ['/api/form_template/12', '/api/forms/scheduled/40']],
    ['/formdata/edit/12/7', ['/api/form_template/12', '/api/form_data/7']],
    ['/formdata/7', ['/api/form_data/7']],
    ['/formdata/add/12/', ['/api/form_template/12']],
  ])('%s asks for %j', (pathname, reads) => {
    expect(screenReadsFor(pathname)).toEqual(reads);
  });

  it.each([
    '/',
    '/forms/active',
    '/formdata/all',
    '/formdata/add/0',
    '/formdata/add/012',
    '/formdata/add/-3',
    '/formdata/add/1e3',
    '/formdata/add/12/extra',
    '/formdata/z/7/1700000000000',
    '/formdata/edit/12',
  ])('%s asks for nothing early', (pathname) => {
    expect(screenReadsFor(pathname)).toEqual([]);
  });
});
