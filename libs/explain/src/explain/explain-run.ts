import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { versusOf } from '@app/bench';
import { VARIANTS, type VariantName } from '@app/bench';
import type { CaseExplanation, Explanation, VariantFigures } from './explanation.interface';
import { caseNoise } from './case-noise';
import { phaseGap } from './phase-gap';
import { scenarioWallParts } from '@app/bench';
import { explainSentences } from './explain-sentences';
import { isGrpcSerializerVariant } from './shape-sentences';
import { DEFAULT_SHAPE } from '@app/shapes';

/**
 * Why one transport won, from the run's own numbers: per scenario, gRPC against JSON with the gap split by phase,
 * and every variant against its baseline (one factor each) with a bootstrap interval of the ratio. Pure: the same
 * run always gives the same explanation.
 */
export function explainRun(run: BenchRun): Explanation {
  return explainScenarios(run.scenarios);
}

/** The same for results that are not a saved run (one /client/compare call): a case per scenario name. */
export function explainScenarios(scenarios: readonly ScenarioResult[]): Explanation {
  const names = [...new Set(scenarios.map((r) => r.name))];
  // Sentences name the shape when the run has more than one, or one that is not the article's row.
  const shapes = new Set(scenarios.map((r) => r.shape ?? DEFAULT_SHAPE));
  const nameShapes = shapes.size > 1 || !shapes.has(DEFAULT_SHAPE);
  const cases = names.map((name) =>
    explainCase(
      scenarios.filter((r) => r.name === name),
      nameShapes,
    ),
  );
  return { cases, sentences: cases.flatMap(explainSentences) };
}

function explainCase(results: ScenarioResult[], nameShape: boolean): CaseExplanation {
  const of = (v: VariantName) => results.find((r) => r.variant === v);
  const json = of('json');
  const grpc = of('grpc');
  const factors = results.flatMap((r) => {
    const baseline = VARIANTS[r.variant]?.baseline as VariantName | null;
    const reference = baseline ? of(baseline) : undefined;
    if (!reference) return [];
    return [
      {
        ...versusOf(r, reference, VARIANTS[r.variant].factor),
        gap: phaseGap(reference.variant, scenarioWallParts(reference), r.variant, scenarioWallParts(r)),
      },
    ];
  });
  const present = results.map((r) => r.variant);
  const serializers = json
    ? results.filter((r) => isGrpcSerializerVariant(r.variant, present)).map((r) => versusOf(r, json, 'serializer'))
    : [];
  const first = results[0];
  return {
    scenario: first.name,
    shape: nameShape ? (first.shape ?? DEFAULT_SHAPE) : null,
    runtimeLabel: first.runtime?.label ?? null,
    mode: first.mode,
    rowsPerRequest: first.rowsPerRequest,
    requests: first.requests,
    grpcVsJson: json && grpc ? versusOf(grpc, json, null) : null,
    gap: json && grpc ? phaseGap('json', scenarioWallParts(json), 'grpc', scenarioWallParts(grpc)) : null,
    factors,
    variants: results.map(figures),
    serializers,
    noise: caseNoise(results),
  };
}

function figures(r: ScenarioResult): VariantFigures {
  return {
    variant: r.variant,
    runs: r.stats.n,
    medianMs: r.stats.medianMs,
    clientCpuMsPerRequest: r.resources.clientCpuMsPerRequest,
    serverCpuMsPerRequest: r.resources.serverCpuMsPerRequest,
    wireBytesPerRequest: r.wire?.bytesPerRequest ?? null,
    payloadBytesPerRequest: r.payloadBytesPerRequest,
    clientPeakRssBytes: r.resources.clientPeakRssBytes,
    serverPeakRssBytes: r.resources.serverPeakRssBytes,
    ...(r.resources.clientPeakIsLifetime ? { clientPeakIsLifetime: true } : {}),
    ...(r.resources.serverPeakIsLifetime ? { serverPeakIsLifetime: true } : {}),
  };
}
