/** The commander program: one `register*` per command file. */
import { Command } from 'commander';
import { registerConformance } from './commands/conformance.js';
import { registerListen } from './commands/listen.js';
import { registerOpenapi } from './commands/openapi.js';
import { registerRecord } from './commands/record.js';
import { registerScenario } from './commands/scenario.js';
import { registerSeed } from './commands/seed.js';
import { registerServe } from './commands/serve.js';
import { registerTui } from './commands/tui.js';

export function createProgram(): Command {
  const program = new Command();
  program
    .name('switchboard')
    .description('Simulator, conformance kit and tools for the Messaging Automation REST API v1')
    .version('0.1.0');
  registerServe(program);
  registerOpenapi(program);
  registerListen(program);
  registerSeed(program);
  registerConformance(program);
  registerScenario(program);
  registerRecord(program);
  registerTui(program);
  return program;
}
