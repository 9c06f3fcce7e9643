'use strict';
// Preloaded into `nest build` by build-if-needed.js (node -r): Nest reads a project's tsconfig when it starts
// building that project, so the path of each tsconfig opened is written to file descriptor 3, where the parent
// (build-progress.js) learns which project is under way. Run without descriptor 3 open, it does nothing.
const fs = require('node:fs');

const readFileSync = fs.readFileSync;
let reporting = true;
fs.readFileSync = function readFileSyncReporting(file, ...rest) {
  if (reporting && typeof file === 'string' && /tsconfig[^/\\]*\.json$/.test(file)) {
    try {
      fs.writeSync(3, file + '\n');
    } catch {
      reporting = false;
    }
  }
  return readFileSync.call(this, file, ...rest);
};
