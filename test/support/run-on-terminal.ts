// Runs the real `pricecrawl` command line on a pseudo-terminal (util-linux `script`) and returns what the terminal received.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export async function onTerminal(args: string[]): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, 'bin/pricecrawl.js', ...args].map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, COLUMNS: '160' } });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString()));
  const [code] = await once(child, 'close');
  return { code: code as number | null, screen };
}
