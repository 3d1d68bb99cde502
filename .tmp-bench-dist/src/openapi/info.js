/** The document's info block. */
export const API_VERSION_INFO = {
    title: 'Messaging Automation REST API',
    version: '1.0.0',
    description: 'Served by the Switchboard simulator. Generated from the zod schemas that validate requests. ' +
        'Errors use {error: {code, message, param?}}; branch on code.',
};
//# sourceMappingURL=info.js.map