import { describeRefusal, InflightBudget, isRefusal, jsonReplyBytes } from '@app/serving';
import { maxProtoRowBytes } from '@app/grpc';
import { getShape, type ShapeName } from '@app/shapes';
import type { TransportKind } from '@app/bench';

/**
 * Why the servers would refuse every request of a level, in their own words (the 400 / INVALID_ARGUMENT a bench run
 * of that size gets), or null when its replies fit. A reply reserves its largest encoding by the shape's bound
 * (Shape.maxRowBytes) against MAX_INFLIGHT_BYTES, the same sum the servers make, so a level that could only
 * measure refusals is stopped before it starts. A server configured differently still refuses on its own.
 */
export function levelTooLarge(
  transport: TransportKind,
  rows: number,
  shape: ShapeName,
  maxInflightBytes: number,
): string | null {
  const s = getShape(shape);
  const bytes = transport === 'json' ? jsonReplyBytes(rows, s) : rows * maxProtoRowBytes(rows - 1, s);
  const outcome = new InflightBudget(maxInflightBytes).reserve(bytes);
  return isRefusal(outcome) && outcome.kind === 'too-large' ? describeRefusal(outcome) : null;
}
