export { createEmbeddedScheduler, type EmbeddedScheduler, type EmbeddedSchedulerOptions } from './embedded.ts';
export type { Scheduler, Task, TaskData, TaskHandler, TaskOutcome } from './scheduler.ts';
