// The shape of a workspace's `.test-results/<kind>.json`: written by run-tests.ts, summed by test.ts.

export interface TestFailure {
  /** The test file's absolute path. */
  file: string;
  test: string;
  /** The first lines of the cause. */
  error: string;
}

export interface TestResults {
  kind: 'unit' | 'e2e';
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Absent in files written before failures were listed. */
  failures?: TestFailure[];
}
