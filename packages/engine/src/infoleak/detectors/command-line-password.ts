// Passwords typed on a command line (scripts, histories, cron lines, service files): the
// MySQL/MariaDB clients' -p<password> / --password=<password>, sshpass -p <password>, and
// curl -u / --user user:password. A bare `-p` (prompt) or `-u user` (no colon) carries none;
// $VAR / ${VAR} / $(cmd) values are references, not passwords.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

const REFERENCE = /^(\$|%|<|\{\{)/;

export const COMMAND_LINE_PASSWORD: InfoleakDetector = {
  name: 'command-line-password',
  kind: 'passwords',
  version: 1,
  keywords: ['mysql', 'mariadb', 'sshpass', 'curl'],
  // mysql -u root -pS3cr3t! app ; mysqldump --password='S3cr3t!' ; sshpass -p 'S3cr3t!' ssh … ; curl -u deploy:S3cr3t! https://…
  pattern:
    /\b(mysql(?:dump|admin|import|show|check)?|mariadb(?:-dump|-admin)?)\b[^\n|;&]*?\s(?:-p(?!\s)|--password=)(?:'([^'\n]{3,128})'|"([^"\n]{3,128})"|([^\s'"]{3,128}))|\b(sshpass)\s+-p\s*(?:'([^'\n]{3,128})'|"([^"\n]{3,128})"|([^\s'"]{3,128}))|\b(curl)\b[^\n|;&]*?\s(?:-u\s*|--user[=\s]\s*)(?:'([^':\n]{1,64}):([^'\n]{3,128})'|"([^":\n]{1,64}):([^"\n]{3,128})"|([^\s'":]{1,64}):([^\s'"]{3,128}))/g,
  secret: true,
  validate: (m) => {
    const tool = m[1] ?? m[5] ?? m[9] ?? '';
    const password = m[2] ?? m[3] ?? m[4] ?? m[6] ?? m[7] ?? m[8] ?? m[11] ?? m[13] ?? m[15];
    if (password === undefined) return undefined;
    const user = m[10] ?? m[12] ?? m[14];
    const decoy = REFERENCE.test(password) || looksFake(password) || /^(password|passwd|secret|pass)$/i.test(password);
    return { value: password, details: { tool: tool.toLowerCase(), ...(user !== undefined ? { user } : {}) }, ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['mysql -h db.internal -u root -pTr0ub4dor3 app < dump.sql', "mysqldump --user=backup --password='N8v#qL2x!' --all-databases", "sshpass -p 'K9m!fQ2zR' ssh admin@10.0.0.5", 'curl -sS -u deploy:Zx7!pQ4wL https://ci.corp.net/api', 'curl --user "ops:Gh5$tY8kP" -X POST https://registry.corp.net'],
    negative: ['mysql -u root -p app', 'mysql -p -h localhost', 'mysql --password=$MYSQL_PWD app', 'sshpass -p "$SSHPASS" ssh host', 'sshpass -f ~/.pw ssh host', 'curl -u deploy https://ci.corp.net/api', 'curl -u user:password https://api.corp.net', 'mysqldump --password=changeme db'],
  },
};
