import { fileTypeNotAllowedMessage, refusedFileIds, serveFilePath } from '../uploads';

describe('file refusals', () => {
  it('names the refused ids after the code, and reads them back', () => {
    const message = fileTypeNotAllowedMessage(['a1', 'b2']);
    expect(message).toBe('file-type-not-allowed: a1, b2');
    expect(refusedFileIds(message)).toEqual(['a1', 'b2']);
  });

  it('reads no ids from the bare code or another message', () => {
    expect(refusedFileIds('file-type-not-allowed')).toEqual([]);
    expect(refusedFileIds('Przesłano zbyt wiele plików')).toEqual([]);
  });

  it('serves a file inline or as a download', () => {
    expect(serveFilePath('x/y')).toBe('/api/form_data/serve_file/x%2Fy');
    expect(serveFilePath('abc', true)).toBe('/api/form_data/serve_file/abc?download=true');
  });
});
