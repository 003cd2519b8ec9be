export type { Scheduler, Task, TaskData, TaskHandler, TaskOutcome } from '../../core/scheduler.ts';
export { createEmbeddedScheduler, type EmbeddedScheduler, type EmbeddedSchedulerOptions } from './embedded.ts';
