const components = [];
const names = new Set();
export function named(name, schema) {
    if (names.has(name))
        throw new Error(`component ${name} is named twice`);
    names.add(name);
    components.push([name, schema]);
    return schema;
}
export function namedComponents() {
    return components;
}
//# sourceMappingURL=components.js.map