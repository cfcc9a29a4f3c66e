// Whether a command is installed, for bench scripts that skip without their baseline tool.
import { execFileSync } from 'node:child_process';

export function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
