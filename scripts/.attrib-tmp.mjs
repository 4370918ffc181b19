import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const client = 'dist/client';
const manifest = JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8'));
function closure(key, seen = new Set()) { const c = manifest[key]; if (!c || seen.has(c.file)) return seen; seen.add(c.file); for (const i of c.imports ?? []) closure(i, seen); return seen; }
const page = process.argv[2];
const entryFiles = closure('index.html');
const files = page === 'entry' ? entryFiles : closure(page, new Set(entryFiles));
const own = page === 'entry' ? [...files] : [...files].filter((f) => !entryFiles.has(f));
const bySrc = new Map(); let total = 0;
for (const f of own) {
  const code = readFileSync(path.join(client, f), 'utf8');
  const gz = gzipSync(code, { level: 9 }).length; total += gz;
  let map; try { map = new TraceMap(readFileSync(path.join(client, f + '.map'), 'utf8')); } catch { bySrc.set(f, (bySrc.get(f)||0)+gz); continue; }
  const lines = code.split('\n'); const counts = new Map(); let all = 0;
  lines.forEach((line, li) => { for (let col = 0; col < line.length; col += 20) { const p = originalPositionFor(map, { line: li + 1, column: col }); const s = (p.source || '?').replace(/.*node_modules\//, 'nm:').replace(/.*src\//, 'src/'); counts.set(s, (counts.get(s)||0)+Math.min(20, line.length-col)); all += Math.min(20, line.length-col);} });
  for (const [s, c] of counts) bySrc.set(s, (bySrc.get(s)||0) + gz * c / all);
  console.log(f.padEnd(50), (gz/1024).toFixed(1));
}
const rows = [...bySrc].sort((a,b)=>b[1]-a[1]);
const pkg = new Map(); for (const [s,b] of rows) { const k = s.startsWith('nm:') ? s.split('/').slice(0, s.startsWith('nm:@')?2:1).join('/') : s.split('/').slice(0,3).join('/'); pkg.set(k,(pkg.get(k)||0)+b); }
console.log('TOTAL', (total/1024).toFixed(1));
for (const [k,b] of [...pkg].sort((a,b)=>b[1]-a[1]).slice(0,25)) console.log('  ', k.padEnd(50), (b/1024).toFixed(2));
console.log('--- modules');
for (const [s,b] of rows.slice(0,+process.argv[3]||40)) console.log('  ', s.padEnd(70), (b/1024).toFixed(2));
