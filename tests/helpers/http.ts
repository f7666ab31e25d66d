// A raw HTTP request to a local server: the path is sent exactly as given (no URL
// normalisation), which traversal tests need.
import { request, type Agent } from 'node:http';

export interface RawRequest {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  agent?: Agent;
}

export function rawGet({ port, path, method = 'GET', headers = {}, agent }: RawRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: agent ?? false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
