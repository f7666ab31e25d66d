// Runs the real `bankdocs preview` on a free port of 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI } from './site.js';

export interface PreviewServer {
  url: string;
  stop(): Promise<void>;
}

export function startPreview(dir: string): Promise<PreviewServer> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'preview', '--dir', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`preview did not start: ${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`preview exited with ${code}: ${output}`));
    });
  });
}
