// The shape DESIGN.md asks for, checked on the source: no import circles (type imports included), libs never
// reach into apps, apps never into each other or into a lib's insides, and the build layout is spelled once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(__dirname, '..');
/**
 * The libs and the libs each may import, lowest first: an import not listed here is an edge in the wrong direction
 * (or a new one, to be added here on purpose). Spec files may also use the libs below theirs for fixtures.
 */
const LIB_DEPENDENCIES: Record<string, readonly string[]> = {
  'server-timing': [],
  'data-generator': [],
  shapes: ['data-generator'],
  config: ['shapes'],
  bootstrap: ['config', 'shapes'],
  resources: ['config', 'shapes'],
  serving: ['config', 'server-timing', 'shapes'],
  identity: ['bootstrap', 'grpc', 'resources'],
  runtimes: ['bootstrap'],
  network: ['bootstrap', 'config'],
  grpc: ['config', 'data-generator', 'resources', 'server-timing', 'serving', 'shapes'],
  codecs: ['grpc', 'resources', 'serving', 'shapes'],
  connect: ['codecs', 'config', 'grpc', 'server-timing', 'serving', 'shapes'],
  bench: [
    'bootstrap',
    'codecs',
    'config',
    'data-generator',
    'grpc',
    'identity',
    'resources',
    'runtimes',
    'server-timing',
    'serving',
    'shapes',
  ],
  transports: ['bench', 'codecs', 'config', 'grpc', 'server-timing', 'shapes'],
  load: ['bench', 'codecs', 'config', 'grpc', 'resources', 'serving', 'shapes', 'transports'],
  explain: ['bench', 'load', 'shapes'],
  printers: ['bench', 'explain', 'load', 'shapes'],
  report: ['bench', 'explain', 'load', 'printers', 'shapes'],
};
const LIBS = Object.keys(LIB_DEPENDENCIES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const files = [...sourceFiles(join(ROOT, 'libs')), ...sourceFiles(join(ROOT, 'apps'))];
const known = new Set(files);
const IMPORT = /^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms;

function specifiers(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1]);
}

function resolve(file: string, spec: string): string | null {
  const lib = /^@app\/([^/]+)$/.exec(spec);
  const base = spec.startsWith('.')
    ? normalize(join(dirname(file), spec))
    : lib
      ? join(ROOT, 'libs', lib[1], 'src')
      : null;
  if (base === null) return null;
  return [`${base}.ts`, join(base, 'index.ts')].find((c) => known.has(c)) ?? null;
}

const graph = new Map(
  files.map((f) => [
    f,
    specifiers(f)
      .map((s) => resolve(f, s))
      .filter((r): r is string => r !== null),
  ]),
);

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const dep of graph.get(f) ?? []) {
      if (state.get(dep) === 'open') found.push(stack.slice(stack.indexOf(dep)).map((p) => relative(ROOT, p)));
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe('the import graph', () => {
  it('has no circles', () => {
    expect(cycles()).toEqual([]);
  });

  it('has no circles between the folders of a lib (each folder one room, imports pointing one way)', () => {
    const circles: string[] = [];
    for (const lib of LIBS) {
      const src = join(ROOT, 'libs', lib, 'src');
      // A file directly under src/ (the index, small helpers) belongs to no room.
      const folderOf = (f: string) => (relative(src, f).includes('/') ? relative(src, f).split('/')[0] : null);
      const edges = new Map<string, Set<string>>();
      for (const [file, deps] of graph) {
        const from = file.startsWith(src + '/') ? folderOf(file) : null;
        if (from === null) continue;
        for (const dep of deps) {
          const to = dep.startsWith(src + '/') ? folderOf(dep) : null;
          if (to !== null && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
        }
      }
      const reaches = (a: string, b: string, seen = new Set<string>()): boolean =>
        [...(edges.get(a) ?? [])].some((n) => n === b || (!seen.has(n) && (seen.add(n), reaches(n, b, seen))));
      for (const [from, tos] of edges) {
        for (const to of tos) if (from < to && reaches(to, from)) circles.push(`${lib}: ${from} <-> ${to}`);
      }
    }
    expect(circles).toEqual([]);
  });

  it('imports between libs only in the listed direction', () => {
    const wrong: string[] = [];
    for (const [file, deps] of graph) {
      const [area, from] = relative(ROOT, file).split('/');
      if (area !== 'libs') continue;
      for (const dep of deps) {
        const [, to] = relative(ROOT, dep).split('/');
        const allowed = to === from || (LIB_DEPENDENCIES[from] ?? []).includes(to);
        if (!allowed) wrong.push(`${from} -> ${to} (${relative(ROOT, file)})`);
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
    const libDirs = readdirSync(join(ROOT, 'libs')).filter((d) => statSync(join(ROOT, 'libs', d)).isDirectory());
    expect(libDirs.sort()).toEqual([...LIBS].sort());
  });

  it('keeps libs out of apps, apps out of each other, and every lib behind its index', () => {
    const offences: string[] = [];
    for (const file of files) {
      const rel = relative(ROOT, file);
      const [area, name] = rel.split('/');
      for (const spec of specifiers(file)) {
        if (/^@app\/[^/]+\//.test(spec)) offences.push(`${rel}: deep import ${spec}`);
        if (!spec.startsWith('.')) continue;
        const [targetArea, targetName] = relative(ROOT, normalize(join(dirname(file), spec))).split('/');
        if (targetArea !== area || targetName !== name)
          offences.push(`${rel}: relative import out of ${area}/${name}: ${spec}`);
      }
    }
    expect(offences).toEqual([]);
    expect(LIBS.every((lib) => known.has(join(ROOT, 'libs', lib, 'src', 'index.ts')))).toBe(true);
  });

  it("exports from each lib's index only what another lib, an app or a test imports (a curated index)", () => {
    const everyTs = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) return ['node_modules', 'generated'].includes(entry) ? [] : everyTs(path);
        return path.endsWith('.ts') ? [path] : [];
      });
    const names = (list: string, side: 'imported' | 'exported') =>
      list
        .split(',')
        .map((n) => n.trim().replace(/^type\s+/, ''))
        .filter((n) => n !== '')
        .map((n) => n.split(/\s+as\s+/)[side === 'imported' ? 0 : 1] ?? n.split(/\s+as\s+/)[0]);
    const used = new Set<string>();
    for (const file of ['libs', 'apps', 'test', 'scripts'].flatMap((d) => everyTs(join(ROOT, d)))) {
      const own = /\/libs\/([^/]+)\//.exec(file)?.[1];
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@app\/([^/']+)'/gm)) {
        if (m[2] !== own) for (const n of names(m[1], 'imported')) used.add(`${m[2]}.${n}`);
      }
    }
    const unused = LIBS.flatMap((lib) =>
      [
        ...readFileSync(join(ROOT, 'libs', lib, 'src', 'index.ts'), 'utf8').matchAll(
          /^export\s+(?:type\s+)?\{([^}]*)\}/gm,
        ),
      ]
        .flatMap((m) => names(m[1], 'exported'))
        .filter((n) => !used.has(`${lib}.${n}`))
        .map((n) => `${lib}: ${n}`),
    );
    expect(unused).toEqual([]);
  });

  it('spells the build layout (dist/apps/<app>/...) in one place', () => {
    const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const spelled = files.filter(
      (f) =>
        /'dist',\s*'apps'|dist\/apps\//.test(code(f)) && !f.endsWith(join('libs', 'bootstrap', 'src', 'app-entry.ts')),
    );
    expect(spelled.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
