import { COMMANDS } from '../../src/core/app/commands.ts';
import type { CommandSpec } from '../../src/core/commands/spec.ts';
import type {
  ActionEvent,
  Bot,
  Choice,
  Invocation,
  ModalSubmission,
  Prepared,
} from '../../src/core/platform/interaction.ts';
import type { Origin, Reply, ThreadRef } from '../../src/core/ports.ts';

// The one fake bot, for tests of an adapter or the dispatch alone: it records what reached it and answers from
// a script, so each suite scripts the paths its platform must handle (errors, forms, runs that answer
// ephemerally, publicly or with a job thread, a crash) while the recording is the same everywhere.

export interface FakeBot extends Bot {
  invocations: Invocation[];
  actions: ActionEvent[];
  submissions: ModalSubmission[];
  /** The job threads the script's runs opened. */
  threads: ThreadRef[];
  autocompletes: Array<{ command: string; option: string; query: string; origin: Origin }>;
}

/** What the fake answers; `bot` is the fake itself, so a run can record the thread it opened. */
export interface FakeBotScript {
  command(invocation: Invocation, bot: FakeBot): Prepared;
  action(event: ActionEvent, bot: FakeBot): Prepared;
  modal(submission: ModalSubmission, bot: FakeBot): Prepared;
  autocomplete(command: string, option: string, query: string): Choice[];
}

/** Work behind an acknowledgement, answered in the channel unless `ephemeral`. */
export const run = (work: (reply: Reply) => Promise<void>, ephemeral = false): Prepared => ({
  kind: 'run',
  ephemeral,
  run: work,
});

export function createFakeBot(script: FakeBotScript, commands: readonly CommandSpec[] = COMMANDS): FakeBot {
  const bot: FakeBot = {
    commands,
    invocations: [],
    actions: [],
    submissions: [],
    threads: [],
    autocompletes: [],
    prepare(invocation) {
      bot.invocations.push(invocation);
      return script.command(invocation, bot);
    },
    prepareAction(event) {
      bot.actions.push(event);
      return script.action(event, bot);
    },
    prepareModal(submission) {
      bot.submissions.push(submission);
      return script.modal(submission, bot);
    },
    autocomplete(command, option, query, origin) {
      bot.autocompletes.push({ command, option, query, origin });
      return script.autocomplete(command, option, query);
    },
  };
  return bot;
}
