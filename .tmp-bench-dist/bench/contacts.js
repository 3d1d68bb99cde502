import { run as runHttp } from './contacts-http.js';
import { run as runScale } from './contacts-scale.js';
export async function run() {
    return [...(await runHttp()), ...(await runScale())];
}
//# sourceMappingURL=contacts.js.map