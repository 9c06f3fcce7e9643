// jest's setupFilesAfterEnv for every project: no test reaches a machine other than this one (see network-guard.ts).
import { installNetworkGuard, takeViolations } from './network-guard';

installNetworkGuard();

afterEach(() => {
  // Also when the code under test caught the refused connection's error: the attempt alone fails the test.
  const violations = takeViolations();
  if (violations.length > 0) throw new Error([...new Set(violations)].join('\n'));
});
