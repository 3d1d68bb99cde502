export {};
//# sourceMappingURL=check.js.map