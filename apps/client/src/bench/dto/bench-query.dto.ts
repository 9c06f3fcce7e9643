/** Query parameters every client endpoint takes; the engine's validateScenario checks them. */
export interface BenchQueryDto {
  rows?: string;
  requests?: string;
  concurrency?: string;
  runs?: string;
  warmup?: string;
}
