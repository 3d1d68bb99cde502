import { createSimulator } from '../../src/simulator.js';
import { silentLogger } from '../../src/core/logger.js';
export function registerOpenapi(program) {
    program
        .command('openapi')
        .description('Print the OpenAPI 3.1 document generated from the simulator’s schemas')
        .option('--compact', 'one line instead of indented JSON')
        .action((options) => {
        const sim = createSimulator({ logger: silentLogger });
        console.log(JSON.stringify(sim.openapi(), null, options.compact ? undefined : 2));
        sim.close();
    });
}
//# sourceMappingURL=openapi.js.map