// Runs the real `bankdocs dev` on a free port of 127.0.0.1.
import { spawnServer, type ServerProcess } from './preview.js';

export type DevProcess = ServerProcess;

export function startDev(cwd: string, env: Record<string, string> = {}): Promise<DevProcess> {
  return spawnServer(['dev', '--port', '0'], cwd, /bankdocs dev: (http:\/\/127\.0\.0\.1:\d+)\//, env);
}
