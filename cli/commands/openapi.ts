/** `switchboard openapi`: prints the generated OpenAPI 3.1 document. */
import type { Command } from 'commander';
import { createSimulator } from '../../src/simulator.js';
import { silentLogger } from '../../src/core/logger.js';

export function registerOpenapi(program: Command): void {
  program
    .command('openapi')
    .description('Print the OpenAPI 3.1 document generated from the simulator’s schemas')
    .option('--compact', 'one line instead of indented JSON')
    .action((options: { compact?: boolean }) => {
      const sim = createSimulator({ logger: silentLogger });
      console.log(JSON.stringify(sim.openapiWithExamples(), null, options.compact ? undefined : 2));
      sim.close();
    });
}
