export function formatJson(report) {
    return `${JSON.stringify(report, null, 2)}\n`;
}
//# sourceMappingURL=json.js.map