// jest's setupFilesAfterEnv for every project: no test reaches a machine other than this one (see network-guard.ts).
import { installNetworkGuard, takeViolations } from './network-guard';

installNetworkGuard();

// Also when the code under test caught the refused connection's error: the attempt alone fails the test, and what a
// beforeAll or afterAll tried fails the file.
const failOnViolations = () => {
  const violations = takeViolations();
  if (violations.length > 0) throw new Error([...new Set(violations)].join('\n'));
};
afterEach(failOnViolations);
afterAll(failOnViolations);
