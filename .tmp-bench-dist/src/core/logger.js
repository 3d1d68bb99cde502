export const consoleLogger = {
    info: (message) => console.error(message),
    warn: (message) => console.error(`warn: ${message}`),
    error: (message, error) => console.error(`error: ${message}`, error instanceof Error ? error.stack : (error ?? '')),
};
export const silentLogger = { info: () => { }, warn: () => { }, error: () => { } };
//# sourceMappingURL=logger.js.map