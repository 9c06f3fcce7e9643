'use strict';
// Progress of `nest build`, which prints nothing until it is done. It builds the projects it is given one after
// another, in that order, reading each project's tsconfig as it starts it; build-progress-hook.js, preloaded into it,
// passes those reads on. So when a project's tsconfig is opened, the ones before it are done. Whether a done project
// emitted anything is read from its incremental build info (<outDir>/<tsconfig>.tsbuildinfo), which tsc rewrites
// only when it emits. This costs the build nothing, where building the projects in separate runs would start the
// CLI and TypeScript once per project.
const fs = require('node:fs');
const path = require('node:path');

const HOOK = path.join(__dirname, 'build-progress-hook.js');

/**
 * nest-cli.json's applications, in its order, with their tsconfig and its build info file (null when unknown).
 * Only the applications: each compiles the libraries it uses into its own dist/apps/<app>/, and nothing runs the
 * libraries' separate builds (dist/libs/), which `nest build --all` adds at nearly the same cost again.
 */
function buildOrder(root) {
  const { projects = {} } = JSON.parse(fs.readFileSync(path.join(root, 'nest-cli.json'), 'utf8'));
  return Object.entries(projects)
    .filter(([, project]) => project.type === 'application')
    .map(([name, project]) => {
      const tsconfig = project.compilerOptions?.tsConfigPath
        ? path.resolve(root, project.compilerOptions.tsConfigPath)
        : null;
      return { name, tsconfig, buildInfo: tsconfig && buildInfoOf(tsconfig) };
    });
}

// Where tsc puts it when the tsconfig names no tsBuildInfoFile and no rootDir: in outDir, named after the tsconfig.
function buildInfoOf(tsconfig) {
  try {
    const { compilerOptions = {} } = JSON.parse(fs.readFileSync(tsconfig, 'utf8'));
    if (compilerOptions.tsBuildInfoFile) return path.resolve(path.dirname(tsconfig), compilerOptions.tsBuildInfoFile);
    if (!compilerOptions.outDir || compilerOptions.rootDir) return null;
    return path.join(
      path.resolve(path.dirname(tsconfig), compilerOptions.outDir),
      path.basename(tsconfig, '.json') + '.tsbuildinfo',
    );
  } catch {
    return null;
  }
}

// The file's modification time, or null when there is none: compared before and after, it says whether tsc wrote it.
function mtimeOf(file) {
  try {
    return file === null ? null : fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Says, through `say`, each project as the build finishes it ("3/6 grpc-server built, 21 s"; "unchanged" when it had
 * nothing to emit), and after `quietMs` without a word, which project it is still on. `opened(file)` takes the
 * hook's lines; `stop(succeeded)` reports the projects left after a successful build and stops the timer.
 */
function trackBuild(order, startedMs, say, { quietMs = 10_000 } = {}) {
  const before = order.map((project) => mtimeOf(project.buildInfo));
  let next = 0;
  let current = null;
  let lastSaid = Date.now();
  const seconds = () => `${Math.round((Date.now() - startedMs) / 1000)} s`;
  const tell = (line) => {
    say(line);
    lastSaid = Date.now();
  };
  const status = (i) =>
    order[i].buildInfo === null ? 'done' : mtimeOf(order[i].buildInfo) !== before[i] ? 'built' : 'unchanged';
  const doneUpTo = (end) => {
    for (; next < end; next++) tell(`${next + 1}/${order.length} ${order[next].name} ${status(next)}, ${seconds()}`);
  };
  const timer = setInterval(() => {
    if (Date.now() - lastSaid < quietMs) return;
    tell(
      current === null
        ? `still building, ${seconds()} so far`
        : `still building ${order[current].name} (${current + 1}/${order.length}), ${seconds()} so far`,
    );
  }, 1000).unref();
  return {
    opened(file) {
      const index = order.findIndex((project) => project.tsconfig === path.resolve(file));
      if (index < next) return;
      doneUpTo(index);
      current = index;
    },
    stop(succeeded) {
      clearInterval(timer);
      if (succeeded) doneUpTo(order.length);
    },
  };
}

module.exports = { buildOrder, trackBuild, HOOK };
