/**
 * A segment trie over the route table. Static segments rank above `{param}` siblings (the
 * stripe-mock rule), so `/appointments/availability` never reads as `/appointments/{id}`. A path
 * that matches no route is 404; a path that matches with another method is 405 with `Allow`.
 */
const newNode = () => ({ statics: new Map(), param: undefined, methods: new Map() });
export class Router {
    root = newNode();
    constructor(routes = []) {
        for (const route of routes)
            this.add(route);
    }
    add(route) {
        let node = this.root;
        for (const segment of splitPath(route.path)) {
            const param = /^\{(\w+)\}$/.exec(segment);
            if (param) {
                const name = param[1];
                if (!node.param)
                    node.param = { name, node: newNode() };
                else if (node.param.name !== name) {
                    throw new Error(`route ${route.path}: {${name}} clashes with {${node.param.name}}`);
                }
                node = node.param.node;
            }
            else {
                let next = node.statics.get(segment);
                if (!next)
                    node.statics.set(segment, (next = newNode()));
                node = next;
            }
        }
        if (node.methods.has(route.method))
            throw new Error(`duplicate route ${route.method} ${route.path}`);
        node.methods.set(route.method, route);
    }
    lookup(method, path) {
        const segments = splitPath(path);
        const decoded = [];
        for (const segment of segments) {
            try {
                decoded.push(decodeURIComponent(segment));
            }
            catch {
                return { kind: 'not_found' };
            }
        }
        const match = this.match(this.root, segments, decoded, 0, {});
        if (!match)
            return { kind: 'not_found' };
        const route = match.node.methods.get(method);
        if (route)
            return { kind: 'found', route, params: match.params };
        return { kind: 'method_not_allowed', allow: [...match.node.methods.keys()].sort() };
    }
    match(node, raw, decoded, index, params) {
        if (index === raw.length)
            return node.methods.size > 0 ? { node, params } : undefined;
        const staticNext = node.statics.get(raw[index]);
        if (staticNext) {
            const found = this.match(staticNext, raw, decoded, index + 1, params);
            if (found)
                return found;
        }
        if (node.param && decoded[index] !== '') {
            return this.match(node.param.node, raw, decoded, index + 1, {
                ...params,
                [node.param.name]: decoded[index],
            });
        }
        return undefined;
    }
}
/** `/a/b/` and `/a/b` are the same path; empty inner segments are kept (they never match). */
export function splitPath(path) {
    const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
    return trimmed === '' ? [] : trimmed.split('/');
}
//# sourceMappingURL=router.js.map