import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { restoredValues, startingPoint } from '../device-copy';
import { buildFillModel, initialValues } from '../fill-model';
import { aFilledForm, aTemplate } from './render-fill-page';

const name: TemplateField = { id: 'name', type: 'TEXT', label: 'Imię', size: 50, maxRows: 1 };
const scan: TemplateField = { id: 'scan', type: 'FILE', label: 'Skan', maxNumberOfFiles: 3 };
const model = buildFillModel(aTemplate([[name], [scan]]).layoutElementObject);
const blank = initialValues(model, null);
const photo = new Blob(['png']);

describe('restoring the device copy', () => {
  it('takes the answers of the fields the form still has, and nothing else', () => {
    expect(restoredValues(model, blank, { f0: 'Anna', f7: 'pole usunięte' })).toEqual({ f0: 'Anna', f1: [] });
  });

  it('waits again to upload a file whose upload was cut short, and keeps uploaded ones', () => {
    const uploaded = {
      key: 'u1',
      status: 'uploaded',
      uploaded: { id: 'u1', name: 'a.png', mimeType: 'image/png' },
    };
    const restored = restoredValues(model, blank, {
      f1: [uploaded, { key: 'k2', status: 'uploading', file: photo, progress: 0.4 }],
    });
    expect(restored.f1).toEqual([uploaded, { key: 'k2', status: 'pending', file: photo, progress: 0 }]);
  });
});

describe('where the page starts', () => {
  const copy = { values: {}, typedAt: Date.parse('2026-06-10T10:00:00.000Z') };

  it('starts from the server without a copy, from the copy over an older or no server version', () => {
    expect(startingPoint(null, aFilledForm())).toBe('server');
    expect(startingPoint(copy, null)).toBe('device');
    expect(startingPoint(copy, aFilledForm({ updatedAt: '2026-06-10T10:00:00.000Z' }))).toBe('device');
  });

  it('asks when the server version was saved after the copy was typed', () => {
    expect(startingPoint(copy, aFilledForm({ updatedAt: '2026-06-10T10:00:01.000Z' }))).toBe('ask');
  });
});
