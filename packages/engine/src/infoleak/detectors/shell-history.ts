// Shell history files (bash, zsh, ash/busybox, sh, fish, mysql/psql clients): one finding
// per file, with the number of commands; the commands themselves stay in the file (other
// detectors report secrets typed into them).
import type { InfoleakDetector } from '../types.ts';

export const SHELL_HISTORY: InfoleakDetector = {
  name: 'shell-history',
  kind: 'shell_histories',
  version: 1,
  fileNames: /^\.(bash|zsh|ash|sh|ksh|fish|mysql|psql|python|node_repl|lesshst)?_?history$|^fish_history$/,
  keywords: [''],
  // the first line of ~/.bash_history, e.g. "ssh admin@10.0.0.5"
  pattern: /^[^\n]*\S[^\n]*/g,
  secret: false,
  validate: (m) => {
    const lines = m.input.split('\n').filter((l) => l.trim() !== '' && !/^#\d+$/.test(l));
    return { value: m[0].slice(0, 200), details: { commands: lines.length } };
  },
  samples: {
    path: '.bash_history',
    positive: ['ls -la\nssh admin@10.0.0.5\nexit\n'],
    negative: ['', '\n\n'],
  },
};
