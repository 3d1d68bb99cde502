import { defaultSeed } from '../../fixtures/default-seed.js';
import { parseSeed } from '../../src/seed/parse.js';
import { readSeedFile } from './serve.js';
export function registerSeed(program) {
    const seed = program.command('seed').description('Work with seed (fixture) files for serve --seed');
    seed
        .command('export')
        .description('Print the embedded default seed as JSON (a starting file for --seed)')
        .option('--compact', 'one line instead of indented JSON')
        .action((options) => {
        // Parsed, so the printed file carries every default (e.g. timezone) explicitly.
        console.log(JSON.stringify(parseSeed(defaultSeed()), null, options.compact ? undefined : 2));
    });
    seed
        .command('check <file>')
        .description('Validate a seed file; an error names the JSON path of the problem')
        .action((file) => {
        const data = readSeedFile(file, file);
        const keys = data.accounts.reduce((sum, account) => sum + account.api_keys.length, 0);
        console.log(`${file}: valid seed, ${data.accounts.length} account(s), ${keys} key(s)`);
    });
}
//# sourceMappingURL=seed.js.map