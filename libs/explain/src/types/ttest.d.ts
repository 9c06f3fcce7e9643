// ttest v4 ships no types; this covers only the calls wirebench makes (Welch's test on two samples).
declare module 'ttest' {
  interface TTestOptions {
    /** Hypothesised difference of means; 0 by default. */
    mu?: number;
    /** false selects Welch's test, which does not assume the two samples share a variance. */
    varEqual?: boolean;
    alpha?: number;
    alternative?: 'less' | 'greater' | 'not equal';
  }

  interface TTestResult {
    pValue(): number;
    testValue(): number;
    freedom(): number;
    valid(): boolean;
    confidence(): [number, number];
  }

  function ttest(left: number[], right: number[], options?: TTestOptions): TTestResult;

  export = ttest;
}
