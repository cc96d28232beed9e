// The web bundle budgets of issues 12 and 28, checked over the Vite build (run `npm run build` first):
//   - the JavaScript the sign-in route loads (the entry, the login page and everything they
//     import statically) is at most 180 KB gzip in total (issue 28; 200 KB before);
//   - every lazy route chunk (a page behind `lazy(() => import(...))`) is at most 60 KB gzip.
// Prints one table and exits 1 when a budget is exceeded. Shared chunks that only lazy routes
// load (charts, for example) are listed but not budgeted: they stay off the sign-in route.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const SIGN_IN_BUDGET_KB = 180;
const LAZY_ROUTE_BUDGET_KB = 60;
/** The page the sign-in route renders, by its source path in the manifest. */
const SIGN_IN_PAGE = 'src/features/auth/login-page.tsx';

/** @type {Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; src?: string }>} */
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const gzipKb = new Map();
const kb = (file) => {
  if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(`${dist}${file}`)).length / 1024);
  return gzipKb.get(file);
};

/** A chunk and every chunk it imports statically, as manifest keys. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('no entry in the Vite manifest: is build.manifest on?');
if (!manifest[SIGN_IN_PAGE]) throw new Error(`${SIGN_IN_PAGE} is not a chunk of its own any more`);
const signIn = closure(SIGN_IN_PAGE, closure(entry));
const jsOf = (keys) => [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];

const rows = [];
let failed = false;
const signInFiles = jsOf(signIn).sort((a, b) => kb(b) - kb(a));
const signInTotal = signInFiles.reduce((sum, f) => sum + kb(f), 0);
for (const f of signInFiles) rows.push(['sign-in', f, kb(f), '']);
const signInOk = signInTotal <= SIGN_IN_BUDGET_KB;
failed ||= !signInOk;
rows.push(['sign-in', 'TOTAL', signInTotal, `<= ${SIGN_IN_BUDGET_KB} ${signInOk ? 'ok' : 'OVER'}`]);

const routes = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && !signIn.has(k))
  .map((k) => manifest[k].file)
  .sort((a, b) => kb(b) - kb(a));
for (const f of routes) {
  const ok = kb(f) <= LAZY_ROUTE_BUDGET_KB;
  failed ||= !ok;
  rows.push(['lazy route', f, kb(f), `<= ${LAZY_ROUTE_BUDGET_KB} ${ok ? 'ok' : 'OVER'}`]);
}
const shared = jsOf(Object.keys(manifest))
  .filter((f) => !signInFiles.includes(f) && !routes.includes(f))
  .sort((a, b) => kb(b) - kb(a));
for (const f of shared) rows.push(['lazy shared', f, kb(f), '']);

const width = Math.max(...rows.map((r) => r[1].length));
console.log(`${'kind'.padEnd(12)} ${'file'.padEnd(width)} ${'KB gzip'.padStart(8)}  budget`);
for (const [kind, file, size, budget] of rows) {
  console.log(`${kind.padEnd(12)} ${file.padEnd(width)} ${size.toFixed(1).padStart(8)}  ${budget}`);
}
if (failed) {
  console.error('bundle budget exceeded');
  process.exit(1);
}
console.log('bundle budgets met');
