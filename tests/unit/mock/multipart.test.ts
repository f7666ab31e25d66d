// The mock reads a multipart form (curl -F) into its fields, with the platform's own parser.
import { describe, expect, it } from 'vitest';
import { multipartFields } from '../../../src/mock/server.js';

describe('multipartFields', () => {
  it('gives the fields of a multipart body, a file as its name', async () => {
    const form = new FormData();
    form.append('note', 'Q1');
    form.append('file', new Blob(['%PDF-1.7']), 'report.pdf');
    const request = new Request('http://mock.invalid/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    expect(await multipartFields(request.headers.get('content-type')!, body)).toEqual([
      ['note', 'Q1'],
      ['file', 'report.pdf'],
    ]);
  });

  it('leaves other bodies, and a form that is no valid multipart body, to be read as text', async () => {
    expect(await multipartFields('application/json', Buffer.from('{}'))).toBeNull();
    expect(await multipartFields(undefined, Buffer.from('x'))).toBeNull();
    expect(await multipartFields('multipart/form-data; boundary=abc', Buffer.from('not a multipart body'))).toBeNull();
  });
});
