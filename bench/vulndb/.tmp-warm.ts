import { evaluate, openKnowledgeBase } from '@binlens/vulndb';
import { syntheticComponents } from './synthetic-components.ts';
import { ECOSYSTEMS, catalogue } from './synthetic-feeds.ts';
const [nvd, osv] = [300000, 200000];
const cat = catalogue(Math.floor(nvd / 6), Math.ceil(osv / ECOSYSTEMS.length / 2));
const id = syntheticComponents(cat, nvd, osv, 2000);
const o = await openKnowledgeBase('/tmp/perf/kb-full');
await evaluate(id, o.kb);
const times = [];
for (let i = 0; i < Number(process.argv[2] ?? 20); i++) { const c = process.cpuUsage(); const t = performance.now(); await evaluate(id, o.kb); const u = process.cpuUsage(c); times.push([performance.now() - t, (u.user + u.system) / 1000]); }
times.sort((a, b) => a[0] - b[0]);
console.log(times.map(([w, c]) => `${w.toFixed(0)}/${c.toFixed(0)}`).join(' '));
await o.close();
