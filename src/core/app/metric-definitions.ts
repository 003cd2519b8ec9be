// Every metric family the bot exposes: the core's own, then each feature's. The composition root registers
// them all when it creates the metrics, so /metrics lists each one before anything is counted.
import { CORE_METRICS, type MetricDefinition } from '../metrics.ts';
import { FEATURES } from './features.ts';

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [...CORE_METRICS, ...FEATURES.flatMap((f) => f.metrics)];
