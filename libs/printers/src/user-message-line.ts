import type { ScenarioResult } from '@app/bench';

/**
 * Which of the user's messages the `user` results measured, for a report's header: message, files, SHA-256 and
 * counter field, from the first result that carries them (a run's client builds one user message); null without one.
 */
export function userMessageLine(results: readonly ScenarioResult[]): string | null {
  const source = results.find((r) => r.shapeSource)?.shapeSource;
  if (!source) return null;
  return (
    `shape user is your ` +
    `message ${source.message} from ${source.protoFile} (SHA-256 ` +
    `${source.protoSha256}), the sample ${source.sampleFile} (SHA-256 ` +
    `${source.sampleSha256}) repeated with the row number in ${source.counterField}`
  );
}
