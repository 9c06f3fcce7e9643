// jest's setupFilesAfterEnv for the e2e and bench projects: a test that fails runs once more, and its first failure
// is printed (the log's "RETRY 1" block). These suites start real servers and time them on whatever machine runs
// them; on a 2-core CI runner with a second jest worker beside them, a bound that holds on every calm run is crossed
// now and then (a CLI's 1.7 s start-up took 5.3 s once). A test that fails twice fails the run, and a failure that
// passed on its retry stays in the log for whoever reads it. The unit project has no retry: nothing there waits on
// the machine.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
