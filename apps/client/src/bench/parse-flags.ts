import {
  ARTICLE_TRANSPORTS,
  DEFAULT_DISTURBED_ABOVE,
  familyBaseline,
  MAX_RERUN_DISTURBED,
  Mode,
  MODES,
  parseVariants,
  ScenarioRangeError,
  ScenarioValidationError,
  TRANSPORT_KINDS,
  TransportKind,
  VariantName,
} from '@app/bench';

const SWITCH_VALUES = ['0', '1'] as const;
// One line in a CSV cell and a terminal table; long enough for a sentence about the machine or the change.
const LABEL_MAX_LENGTH = 200;

/** `0`/`1` (or absent) for switches such as ?wire= and ?save=. */
export function parseSwitch(name: string, raw: unknown): boolean {
  if (raw === undefined) return false;
  if (raw === '1') return true;
  if (raw === '0') return false;
  throw new ScenarioValidationError(
    name,
    { values: SWITCH_VALUES },
    `${name} must be 0 or 1, got ${JSON.stringify(raw)}`,
    raw,
  );
}

/**
 * What /client/bench times: `variants` (any, each once), or `transports` (families, each its baseline variant), not
 * both; neither means json and grpc.
 */
export function parseBenchVariants(transports: unknown, variants: unknown): VariantName[] {
  if (transports !== undefined && variants !== undefined) {
    throw new ScenarioValidationError(
      'variants',
      { parameters: ['transports', 'variants'], maxCount: 1 },
      'transports and variants are alternatives: give one',
      variants,
    );
  }
  if (variants !== undefined) return parseVariants('variants', variants);
  if (transports === undefined) return ARTICLE_TRANSPORTS.map(familyBaseline);
  const list = typeof transports === 'string' ? transports.split(',') : [];
  if (
    list.length === 0 ||
    list.some((t) => !TRANSPORT_KINDS.includes(t as TransportKind)) ||
    new Set(list).size !== list.length
  ) {
    throw new ScenarioValidationError(
      'transports',
      { values: TRANSPORT_KINDS },
      `transports must be a comma list of ` +
        `${TRANSPORT_KINDS.join(', ')}, each at most once, got ${JSON.stringify(transports)}`,
      transports,
    );
  }
  // A family means its baseline variant: json and grpc themselves, connect-proto for connect.
  return (list as TransportKind[]).map(familyBaseline);
}

/** single or parallel; absent means parallel when more than one request is asked for. */
export function parseMode(raw: unknown, requests: unknown): Mode {
  if (raw === undefined) return requests === undefined || requests === '1' ? 'single' : 'parallel';
  if (!MODES.includes(raw as Mode)) {
    throw new ScenarioValidationError(
      'mode',
      { values: MODES },
      `mode must be one of ${MODES.join(', ')}, got ${JSON.stringify(raw)}`,
      raw,
    );
  }
  return raw as Mode;
}

/** A label for saved runs: one printable line. */
export function parseLabel(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.length > LABEL_MAX_LENGTH || /[\x00-\x1f]/.test(raw)) {
    throw new ScenarioValidationError(
      'label',
      { maxLength: LABEL_MAX_LENGTH },
      `label must be one line of at most ${LABEL_MAX_LENGTH} characters`,
      raw,
    );
  }
  return raw;
}

/** ?disturbedAbove=: foreign CPU, in cores, above which a measured run is disturbed (the CLI's --disturbed-above). */
export function parseDisturbedAbove(raw: unknown): number {
  if (raw === undefined) return DEFAULT_DISTURBED_ABOVE;
  if (typeof raw !== 'string' || !/^\d{1,3}(\.\d{1,3})?$/.test(raw)) {
    throw new ScenarioValidationError(
      'disturbedAbove',
      { min: 0 },
      `disturbedAbove must be a number of cores >= 0, e.g. 0.2, got ${JSON.stringify(raw)}`,
      raw,
    );
  }
  return Number(raw);
}

/**
 * ?rerunDisturbed=: disturbed measured runs of each scenario measured again after a wait for quiet (the CLI's --quiet);
 * 0: none.
 */
export function parseRerunDisturbed(raw: unknown): number {
  if (raw === undefined) return 0;
  if (typeof raw !== 'string' || !/^\d{1,2}$/.test(raw) || Number(raw) > MAX_RERUN_DISTURBED)
    throw new ScenarioRangeError('rerunDisturbed', 0, MAX_RERUN_DISTURBED, raw);
  return Number(raw);
}
