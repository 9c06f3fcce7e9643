// A percentile bootstrap over 2 values has only 3 distinct medians to draw from: it cannot give an honest 95%
// interval (two runs of the network preset gave 0.94 (0.92–0.96) and 1.02 (1.01–1.03), intervals that do not overlap).
// Below this many measured runs a side, an interval is shown but names no faster side.
export const MIN_RUNS_FOR_VERDICT = 5;
