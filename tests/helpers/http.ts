// A raw HTTP request to a local server: the path and the headers (Host included) are
// sent exactly as given, with no URL normalisation, which traversal and DNS-rebinding
// tests need.
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';

export interface RawRequest {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  agent?: Agent;
}

export interface RawResponse {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

export function rawGet({ port, path, method = 'GET', headers = {}, agent }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: agent ?? false, setHost: !Object.keys(headers).some((h) => h.toLowerCase() === 'host') }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
