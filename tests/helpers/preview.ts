// Runs the real `bankdocs preview` or `bankdocs dev` on a free port of 127.0.0.1 and
// waits for the line that names its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI } from './site.js';

export interface ServerProcess {
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export function spawnServer(args: string[], cwd: string, urlRe: RegExp, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never leave a server behind
      reject(new Error(`${args[0]} did not start: ${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = urlRe.exec(output);
      if (!match || started) return;
      started = true;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        pid: child.pid!,
        output: () => output,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${args[0]} exited with ${code}: ${output}`));
    });
  });
}

export type PreviewServer = ServerProcess;

export function startPreview(dir: string): Promise<PreviewServer> {
  return spawnServer(['preview', '--dir', dir, '--port', '0'], process.cwd(), /at (http:\/\/127\.0\.0\.1:\d+)\//);
}
